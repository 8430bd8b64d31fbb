import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `run --watch` on a designer's style where it is (docs/designers.md, "Look
/// before you install"), in a real terminal (tmux): a style folder, or the
/// Lottie file itself, reloads when the file changes, whether the new export
/// is written over it in place or renamed over it, and the status line says
/// which build is on.
@Suite(.tags(.endToEnd), .enabled(if: Tmux.available, "tmux is not installed: the live preview's terminal tests are skipped"))
struct DesignerWatchTests {
    @Test("a style folder and a Lottie file given directly reload when the file is written in place or renamed over", arguments: ["folder", "file"])
    func reloadsOnExport(_ given: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let folder = dir.path + "/Frames", file = folder + "/frames.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: TestPaths.fixtures + "/lottie/frames.json", encoding: .utf8)
        func export(named name: String) -> String {
            original.replacingOccurrences(of: "\"name\":\"Frames\"", with: "\"name\":\"\(name)\"")
        }
        try original.write(toFile: file, atomically: false, encoding: .utf8)
        let cli = ["env", "XDG_CACHE_HOME=\(dir.path)/cache", "XDG_DATA_HOME=\(dir.path)/data", TestPaths.cli, "run",
                   given == "folder" ? folder : file, "--watch"].map(shellQuoted).joined(separator: " ")
        let tmux = try Tmux("ulimit -c 0; \(cli); s=$?; printf '[exited %d]\\n' $s; read -r line", columns: 200)
        func waitForLastLine(_ parts: String...) -> Bool {
            tmux.wait(timeout: 30) { let line = (try? tmux.lastLine()) ?? ""; return parts.allSatisfy(line.contains) }
        }
        #expect(waitForLastLine("Frames | idle |"), "\((try? tmux.lastLine()) ?? "")")

        // Saved over in place (an editor, `cp`): same inode, new bytes.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(export(named: "Frames Two").utf8))
        try handle.close()
        #expect(waitForLastLine("Frames Two | idle |", "reloaded frames.json (build 2)"), "\((try? tmux.lastLine()) ?? "")")

        // A new export renamed over it (what an exporter writing atomically does).
        let next = folder + "/.frames.json.next"
        try export(named: "Frames Three").write(toFile: next, atomically: false, encoding: .utf8)
        #expect(Glibc.rename(next, file) == 0)
        #expect(waitForLastLine("Frames Three | idle |", "reloaded frames.json (build 3)"), "\((try? tmux.lastLine()) ?? "")")

        try tmux.send("q")
        #expect(try tmux.waitForScreen(containing: "[exited 0]", history: true))
    }
}
