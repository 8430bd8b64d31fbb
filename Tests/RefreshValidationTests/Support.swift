import Foundation

/// A finished child process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a real child process to completion (as RefreshHostTests' helper).
@discardableResult
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
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

/// A fresh temporary folder, removed by the caller with `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        let base = NSTemporaryDirectory() + "refresh-host-validate-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// Compiles `Tests/Fixtures/<name>.c` into `directory/lib<name>.so` as a third
/// party would build a plugin, and returns its path.
/// A `.cc` fixture is C++, built with its own runtime linked in statically
/// (see v_static_cxx.cc).
func buildFixture(_ name: String, into directory: String) throws -> String {
    let target = directory + "/lib\(name).so"
    let cxx = FileManager.default.fileExists(atPath: ValidationPaths.fixtures + "/\(name).cc")
    let command = cxx
        ? ["c++", "-std=c++20", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
           "-static-libstdc++", "-Wl,--exclude-libs,ALL", "-I" + ValidationPaths.header, "-o", target,
           ValidationPaths.fixtures + "/\(name).cc"]
        : ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
           "-I" + ValidationPaths.header, "-o", target, ValidationPaths.fixtures + "/\(name).c", "-pthread"]
    let result = try runProcess("/usr/bin/env", command)
    guard result.status == 0 else { throw FixtureError(description: "cc \(name).c failed: \(result.stderr)") }
    return target
}

/// `refresh-host validate ... --json`, run as a real child process, parsed.
struct ValidateRun {
    var status: Int32
    var stderr: String
    var seed: String
    /// Status by check id, in report order.
    var statuses: [(id: String, status: String)]
    var results: [[String: Any]]

    init(_ arguments: [String]) throws {
        let r = try runProcess(ValidationPaths.cli, ["validate"] + arguments + ["--json"],
                               environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
        status = r.status
        stderr = r.stderr
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        guard let object, let results = object["results"] as? [[String: Any]] else {
            throw FixtureError(description: "no JSON report: \(r.stdout) \(r.stderr)")
        }
        seed = object["seed"] as? String ?? ""
        self.results = results
        statuses = results.map { ($0["id"] as? String ?? "", $0["status"] as? String ?? "") }
    }

    func status(of id: String) -> String? { statuses.first { $0.id == id }?.status }
    func result(_ id: String) -> [String: Any]? { results.first { $0["id"] as? String == id } }

    /// Checks that failed, crashed or timed out.
    var problems: [String] {
        statuses.filter { ["failed", "crashed", "timed out"].contains($0.status) }.map(\.id)
    }
}
