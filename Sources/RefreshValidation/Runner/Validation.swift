import RefreshHostController
import RefreshWorker

/// The options of one `validate` run.
public struct ValidationOptions: Sendable {
    public var path: String
    public var style: String?
    public var strictness: Int
    public var seed: UInt64
    public var only: String?

    public init(path: String, style: String?, strictness: Int, seed: UInt64, only: String?) {
        self.path = path
        self.style = style
        self.strictness = strictness
        self.seed = seed
        self.only = only
    }

    /// The command that reruns one check exactly.
    func reproduce(_ id: String) -> String {
        (["refresh-host", "validate", shellQuoted(path), "--only", id, "--seed", "\(seed)", "--strictness", "\(strictness)"]
            + (style.map { ["--style", shellQuoted($0)] } ?? [])).joined(separator: " ")
    }
}

/// How checks are run: each in a child process, or all in this one.
public enum ValidationMode {
    case child(ChildRunner)
    /// For debugging a plugin under gdb: a crash ends the whole run.
    case inProcess
}

/// Runs the selected checks and collects their results, in catalogue order.
public struct Validation {
    public var options: ValidationOptions
    public var mode: ValidationMode

    public init(options: ValidationOptions, mode: ValidationMode) {
        self.options = options
        self.mode = mode
    }

    /// The checks `--only` selects, in catalogue order.
    public var selected: [Check] { Catalogue.matching(options.only) }

    /// Runs every selected check; `starting` sees each check as it begins (with
    /// how many are done), `progress` each result as it comes.
    public func run(starting: (Check, _ done: Int) -> Void = { _, _ in },
                    progress: (CheckResult) -> Void = { _ in }) -> [CheckResult] {
        var context: CheckContext?
        var results: [CheckResult] = []
        var moot: MootLoad?
        for check in selected {
            starting(check, results.count)
            let started = MonotonicClock.seconds()
            var result: CheckResult
            if let moot {
                result = CheckResult(check: check, outcome: .skipped(moot.reason))
            } else if check.level > options.strictness {
                result = CheckResult(check: check, outcome: .skipped("level \(check.level), above strictness \(options.strictness)"))
            } else {
                switch mode {
                case .inProcess:
                    if context == nil {
                        context = CheckContext(path: options.path, style: options.style, strictness: options.strictness,
                                               seed: options.seed)
                    }
                    result = CheckResult(check: check, outcome: check.run(context!))
                case let .child(runner):
                    // Within what is left of the whole run's time (a gallery card's), if it has an end.
                    let allowed = min(runner.deadline, runner.until - MonotonicTime.seconds())
                    if let ending = runner.loadEnding {
                        // The library hung or crashed as --style's names were read: this check
                        // would load it the same way, so it reports that ending without a second wait.
                        result = Self.result(check, ending, deadline: runner.deadline)
                        moot = MootLoad(check, ending, deadline: runner.deadline)
                    } else if allowed > 0 {
                        var bounded = runner
                        bounded.deadline = allowed
                        let ending = bounded.run(check, options: options)
                        result = Self.result(check, ending, deadline: allowed)
                        moot = MootLoad(check, ending, deadline: allowed)
                    } else {
                        moot = MootLoad(reason: MootLoad.prefix + "the time this validation was given had run out")
                        result = CheckResult(check: check, outcome: .skipped(moot!.reason))
                    }
                }
            }
            result.seconds = MonotonicClock.seconds() - started
            if result.status.isProblem { result.reproduce = options.reproduce(check.id) }
            if result.status == .crashed || result.status == .timedOut {
                result.gesture = "that check's own (--list-checks); to debug it: gdb --args \(result.reproduce) --in-process"
            }
            results.append(result)
            progress(result)
        }
        return results
    }

    static func result(_ check: Check, _ ending: ChildRunner.Ending, deadline: Double) -> CheckResult {
        /// A check that gave no result: the status and what to say about it.
        func problem(_ status: Status, _ detail: String, expected: String = "", actual: String = "") -> CheckResult {
            var result = CheckResult(id: check.id, group: check.group.rawValue, level: check.level, status: status,
                                     detail: detail)
            result.expected = expected
            result.actual = actual
            return result
        }
        switch ending {
        case let .result(outcome):
            return CheckResult(check: check, outcome: outcome)
        case let .refused(why):
            return problem(.crashed, "the worker could not run it: \(why)", expected: "the check to report a result",
                           actual: "the worker refused it: \(why)")
        case let .process(.signal(signal), call):
            let within = call.map { " in \(WorkerFailure.shown($0))" } ?? ""
            return problem(.crashed, "crashed (\(signalName(signal)))\(within)", expected: "the check to finish",
                           actual: "the process running it died of \(signalName(signal))\(within)")
        case let .process(.timedOut, call):
            return problem(.timedOut, "no result within \(fmt(deadline)) s; killed" + (call.map { " (in \(WorkerFailure.shown($0)))" } ?? ""),
                           expected: "the check to finish within \(fmt(deadline)) s",
                           actual: call.map { "it was still in \(WorkerFailure.shown($0)), a plugin call that never returned" }
                               ?? "it was still running (a plugin call that never returns?)")
        case let .process(.exited(code), call):
            return problem(.crashed, "exited with status \(code) without a result" + (call.map { " in \(WorkerFailure.shown($0))" } ?? ""),
                           expected: "the check to report a result",
                           actual: "the process running it exited with status \(code) (the plugin called exit?)")
        case let .process(.spawnFailed(why), _):
            return problem(.crashed, "could not start the worker: \(why)")
        }
    }
}

/// Single-quoted for a POSIX shell when it needs it.
func shellQuoted(_ s: String) -> String {
    let safe = s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+:=@%,".unicodeScalars.contains($0) }
    if safe && !s.isEmpty { return s }
    var out = "'"
    for ch in s { out += ch == "'" ? "'\\''" : String(ch) }
    return out + "'"
}

/// Counts of each status, for the summary line.
public struct Summary: Sendable {
    public var counts: [Status: Int] = [:]

    public init(_ results: [CheckResult]) {
        for r in results { counts[r.status, default: 0] += 1 }
    }

    public subscript(_ status: Status) -> Int { counts[status] ?? 0 }

    /// Something failed, crashed or timed out.
    public var hasProblems: Bool { self[.failed] + self[.crashed] + self[.timedOut] > 0 }

    /// `12 passed, 1 warning, 0 failed, 0 crashed, 0 timed out, 2 skipped`.
    public var line: String {
        let w = self[.warning]
        return "\(self[.passed]) passed, \(w) warning\(w == 1 ? "" : "s"), \(self[.failed]) failed, \(self[.crashed]) crashed, "
            + "\(self[.timedOut]) timed out, \(self[.skipped]) skipped"
    }
}
