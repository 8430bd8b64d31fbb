import RefreshExitStatus
import Testing

/// Scripts branch on these numbers (docs/cli.md): each keeps its meaning.
struct ExitStatusTests {
    @Test("the table: 0 success, 1 a failure found, 2 usage, 3 not found, 4 the plugin failed, 5 an output not written")
    func numbers() {
        #expect(RefreshExitStatus.ExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(RefreshExitStatus.ExitStatus.usage.meaning.hasPrefix("usage: "))
        #expect(Set(RefreshExitStatus.ExitStatus.allCases.map(\.meaning)).count == RefreshExitStatus.ExitStatus.allCases.count)
    }

    struct Refusal: ExitCoded {
        var description: String { "refused" }
        var exitStatus: RefreshExitStatus.ExitStatus { .notFound }
    }

    @Test("any error that knows its status is found by the protocol alone")
    func byProtocol() {
        let error: any Error = Refusal()
        #expect((error as? any ExitCoded)?.exitStatus == .notFound)
    }
}
