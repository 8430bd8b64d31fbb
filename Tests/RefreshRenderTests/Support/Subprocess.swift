import Foundation

/// A finished child process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a real child process to completion.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
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

/// `refresh-host render ARGS` with the bundled plugins.
@discardableResult
func render(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(Paths.cli, ["render"] + arguments + ["--plugin-path", Paths.bundledPlugins])
}
