import RefreshHostController

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs each check in a child process: the same executable, re-run with a
/// hidden worker command, its result coming back over a pipe. A plugin that
/// crashes takes down only the child (`crashed`, with its signal); one that
/// hangs is killed with SIGKILL at the deadline (`timed out`).
public struct ChildRunner {
    /// The executable to re-run (this program, from /proc/self/exe).
    public var executable: String
    /// Arguments that make `executable` run one check: the runner appends
    /// `--check ID` and the run's options.
    public var workerArguments: [String]
    /// Wall seconds a check may take.
    public var deadline: Double

    public init(executable: String, workerArguments: [String], deadline: Double) {
        self.executable = executable
        self.workerArguments = workerArguments
        self.deadline = deadline
    }

    /// What became of one child.
    enum Ending: Equatable {
        case result(Outcome)
        case signal(Int32)
        case exited(Int32)
        case timedOut
        case spawnFailed(String)
    }

    func run(_ check: Check, options: ValidationOptions) -> Ending {
        let (ending, text) = spawn(["--check", check.id] + options.workerArguments)
        if case let .signal(s) = ending { return .signal(s) }
        if let outcome = WorkerProtocol.decode(text) { return .result(outcome) }
        return ending ?? .exited(0)
    }

    /// The ids (and short names) of the library's styles, asked of a child
    /// so a crashing library cannot take the parent down; nil when the child
    /// could not say (the library does not load: the checks will tell why).
    public func styleNames(options: ValidationOptions) -> [String]? {
        let (ending, text) = spawn(["--list-styles"] + options.workerArguments)
        guard ending == nil || ending == .exited(0), text.hasSuffix("end\n") else { return nil }
        return text.split(separator: "\n").dropLast().map(String.init)
    }

    /// Runs the worker with `extra` arguments; returns what it wrote to the
    /// result pipe, and how it ended when that was not a clean exit 0.
    private func spawn(_ extra: [String]) -> (Ending?, String) {
        let child = ChildProcess.run(executable, workerArguments + extra, deadline: deadline,
                                     capture: WorkerProtocol.resultDescriptor)
        switch child.ending {
        case .exited(0): return (nil, child.output)
        case let .exited(code): return (.exited(code), child.output)
        case let .signal(signal): return (.signal(signal), child.output)
        case .timedOut: return (.timedOut, "")
        case let .spawnFailed(why): return (.spawnFailed(why), "")
        }
    }
}

/// SIGSEGV for 11, and so on: the names people search for.
public func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]
    return names[signal] ?? "signal \(signal)"
}
