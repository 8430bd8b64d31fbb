import Foundation
import RefreshExitStatus
import RefreshScaffold
import RefreshTestSupport
import Testing

/// What `new` works out besides the files: the kit a Swift project uses, the
/// quoting of its "Next:" line, and the status of each refusal.
@Suite struct ScaffoldHelpersTests {
    @Test("a path with only plain characters is pasted as it is; any other is single-quoted, quotes escaped")
    func quoting() {
        #expect(ShellQuoting.quoted("/home/u/Bubbles-2.0_x+y") == "/home/u/Bubbles-2.0_x+y")
        #expect(ShellQuoting.quoted("/home/u/My Styles") == "'/home/u/My Styles'")
        #expect(ShellQuoting.quoted("/home/u/it's") == "'/home/u/it'\\''s'")
        #expect(ShellQuoting.quoted("$HOME") == "'$HOME'")
    }

    @Test("REFRESH_HOST_SWIFT_KIT wins, normalized; else the kit beside the executable, only when it is there")
    func kit() throws {
        #expect(InstalledKit.path(variable: "/opt/kit/./RefreshStyleKit/", executable: nil) == "/opt/kit/RefreshStyleKit")
        let prefix = TemporaryDirectory()
        defer { prefix.remove() }
        let exe = prefix.path + "/bin/refresh-host"
        #expect(InstalledKit.path(variable: nil, executable: exe) == nil)
        #expect(InstalledKit.path(variable: "", executable: exe) == nil)
        let kit = prefix.path + "/share/refresh-host/swift/RefreshStyleKit"
        try FileManager.default.createDirectory(atPath: kit, withIntermediateDirectories: true)
        #expect(InstalledKit.path(variable: nil, executable: exe) == kit)
    }

    @Test("a refusal's status follows its kind: 2 usage, 3 the --from file, 5 the folder")
    func statuses() {
        #expect(ScaffoldError("bad name").exitStatus == .usage)
        #expect(ScaffoldError("no file", kind: .notFound).exitStatus == .notFound)
        #expect(ScaffoldError("read-only", kind: .output).exitStatus == .outputFailed)
        do {
            _ = try Scaffold(name: "1bad", language: .c, directory: nil, id: nil, kit: nil).write()
            Issue.record("a bad name was written")
        } catch {
            #expect(error.exitStatus == .usage)
        }
    }
}
