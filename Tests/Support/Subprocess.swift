import Foundation

/// A finished child process.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a real child process to completion.
@discardableResult
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
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

public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

public enum Fixture {
    /// Compiles `Tests/Fixtures/<name>.c` into `directory/lib<output>.so` with
    /// the C compiler, as a third party would build a plugin, and returns its path.
    /// A `.cc` fixture is C++, built with its own runtime linked in statically
    /// (see v_static_cxx.cc).
    public static func build(_ name: String, into directory: String, output: String? = nil,
                             extraFlags: [String] = []) throws -> String {
        let target = directory + "/lib\(output ?? name).so"
        let cxx = FileManager.default.fileExists(atPath: TestPaths.fixtures + "/\(name).cc")
        let command = cxx
            ? ["c++", "-std=c++20", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
               "-static-libstdc++", "-Wl,--exclude-libs,ALL", "-I" + TestPaths.header, "-o", target,
               TestPaths.fixtures + "/\(name).cc"]
            : ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
               "-I" + TestPaths.header, "-o", target, TestPaths.fixtures + "/\(name).c", "-pthread"]
        let result = try runProcess("/usr/bin/env", command + extraFlags)
        guard result.status == 0 else {
            throw FixtureError(message: "\(cxx ? "c++" : "cc") \(name) failed: \(result.stderr)")
        }
        return target
    }
}
