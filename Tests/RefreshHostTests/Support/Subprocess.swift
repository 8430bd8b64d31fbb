import Foundation

/// A finished child process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a real child process to completion.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting so a chatty child cannot block on a full pipe.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

enum Fixture {
    /// Compiles `Tests/Fixtures/<name>.c` into `directory/lib<output>.so` with
    /// the C compiler, as a third party would build a plugin, and returns its path.
    static func build(_ name: String, into directory: String, output: String? = nil,
                      extraFlags: [String] = []) throws -> String {
        let target = directory + "/lib\(output ?? name).so"
        let result = try runProcess("/usr/bin/env", [
            "cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
            "-I" + TestPaths.header, "-o", target, TestPaths.fixtures + "/\(name).c", "-pthread",
        ] + extraFlags)
        guard result.status == 0 else {
            throw FixtureError(message: "cc \(name).c failed: \(result.stderr)")
        }
        return target
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
