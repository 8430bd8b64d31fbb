import Foundation
import RefreshExitStatus
import RefreshOutput
import RefreshTestSupport
import Testing

/// `--frames-json FILE`: lines into a temporary beside the file, renamed in by commit.
struct LineFileTests {
    @Test("lines reach the file only at commit; until then the previous file stays as it was")
    func commitReplaces() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/frames.jsonl"
        try AtomicFile.write("old\n", to: target)
        let file = try LineFile(path: target, option: "--frames-json")
        try file.append("{\"frame\":0}")
        try file.append("{\"frame\":1}")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
        try file.commit()
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"frame\":0}\n{\"frame\":1}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frames.jsonl"])
    }

    @Test("a file that cannot be made is an output failure (5) naming the option and the file")
    func unwritable() {
        do {
            _ = try LineFile(path: "/no/such/folder/frames.jsonl", option: "--frames-json")
            Issue.record("a file in a missing folder was made")
        } catch {
            #expect(error.exitStatus == .outputFailed)
            #expect(error.description.hasPrefix("--frames-json /no/such/folder/frames.jsonl: "))
            #expect(!error.description.hasPrefix("--frames-json --frames-json"))
        }
    }

    @Test("--out -: the temporary a render is written to is private, in TMPDIR, and goes with the value")
    func stdoutFile() throws {
        var path = ""
        do {
            let file = try StdoutFile(suffix: ".png")
            path = file.path
            #expect(path.hasSuffix(".png") && path.contains("refresh-host-"))
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(OutputError("x").exitStatus == .outputFailed)
    }
}
