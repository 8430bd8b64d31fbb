@testable import RefreshValidation
import Testing

/// What a worker child sends back over its pipe.
@Suite struct WorkerProtocolTests {
    @Test("every outcome survives the pipe, newlines and backslashes included")
    func roundTrip() {
        let outcomes: [Outcome] = [
            .passed("ok"), .warning("slow\\nish"), .skipped("level 6"),
            .failed(expected: "a\nb", actual: "c\\d=e", gesture: "seed 1, round 2: down, up"),
        ]
        for outcome in outcomes {
            #expect(WorkerProtocol.decode(WorkerProtocol.encode(outcome)) == outcome)
        }
    }

    @Test("a message cut short (the child died writing it) is no result")
    func truncated() {
        let text = WorkerProtocol.encode(.failed(expected: "x", actual: "y"))
        #expect(WorkerProtocol.decode(String(text.dropLast(5))) == nil)
        #expect(WorkerProtocol.decode("") == nil)
        #expect(WorkerProtocol.decode("status=exploded\nend=\n") == nil)
    }
}
