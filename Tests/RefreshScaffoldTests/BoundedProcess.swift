import Foundation
import RefreshTestSupport

/// A child process that ended before its deadline.
struct Finished {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A child process that must end within `deadline` seconds: a hang (SwiftPM
/// waiting for a lock, a plugin that never returns, a completion that never
/// answers) fails the test with a message instead of stalling the suite; no
/// timing is asserted. Output goes to files, so a chatty child cannot block.
func runBounded(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, deadline: Double = 120, what: String? = nil) throws -> Finished {
    let out = TemporaryDirectory()
    defer { out.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    _ = FileManager.default.createFile(atPath: out.path + "/out", contents: nil)
    _ = FileManager.default.createFile(atPath: out.path + "/err", contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + "/out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + "/err"))
    try process.run()
    let end = Date().addingTimeInterval(deadline)
    while process.isRunning && Date() < end { usleep(50_000) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        throw FixtureError(message: "\(what ?? executable) did not finish within \(Int(deadline)) s and was stopped")
    }
    return Finished(status: process.terminationStatus,
                    stdout: (try? String(contentsOfFile: out.path + "/out", encoding: .utf8)) ?? "",
                    stderr: (try? String(contentsOfFile: out.path + "/err", encoding: .utf8)) ?? "")
}
