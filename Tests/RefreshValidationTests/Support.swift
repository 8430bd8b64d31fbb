import Foundation

/// `refresh-host validate ... --json`, run as a real child process, parsed.
struct ValidateRun {
    var status: Int32
    var stderr: String
    var seed: String
    /// Status by check id, in report order.
    var statuses: [(id: String, status: String)]
    var results: [[String: Any]]

    init(_ arguments: [String]) throws {
        let r = try runProcess(TestPaths.cli, ["validate"] + arguments + ["--json"],
                               environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"])
        status = r.status
        stderr = r.stderr
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        guard let object, let results = object["results"] as? [[String: Any]] else {
            throw FixtureError(message: "no JSON report: \(r.stdout) \(r.stderr)")
        }
        seed = (object["seed"] as? NSNumber).map { "\($0.int64Value)" } ?? ""
        self.results = results
        statuses = results.map { ($0["id"] as? String ?? "", $0["status"] as? String ?? "") }
    }

    func status(of id: String) -> String? { statuses.first { $0.id == id }?.status }
    func result(_ id: String) -> [String: Any]? { results.first { $0["id"] as? String == id } }

    /// Checks that failed, crashed or timed out.
    var problems: [String] {
        statuses.filter { ["failed", "crashed", "timed_out"].contains($0.status) }.map(\.id)
    }
}
