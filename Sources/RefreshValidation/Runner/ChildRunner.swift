import RefreshHostController
import RefreshIsolation

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

    /// What became of one check's child: its result, or else how the process ended.
    enum Ending: Equatable {
        case result(Outcome)
        /// How the child ended, and the plugin call it was in then (nil: none).
        case process(ChildProcess.Ending, call: String?)
    }

    func run(_ check: Check, options: ValidationOptions) -> Ending {
        let child = spawn(["--check", check.id] + options.workerArguments)
        // A child that died of a signal may have written a result first; the crash is what counts.
        if case .signal = child.ending { return .process(child.ending, call: child.call) }
        if let outcome = WorkerProtocol.decode(child.output) { return .result(outcome) }
        return .process(child.ending, call: child.call)
    }

    /// The ids (and short names) of the library's styles, asked of a child
    /// so a crashing library cannot take the parent down; nil when the child
    /// could not say (the library does not load: the checks will tell why).
    public func styleNames(options: ValidationOptions) -> [String]? {
        let child = spawn(["--list-styles"] + options.workerArguments)
        guard child.ending == .exited(0), child.output.hasSuffix("end\n") else { return nil }
        return child.output.split(separator: "\n").dropLast().map(String.init)
    }

    /// Runs the worker with `extra` arguments, its result pipe captured.
    private func spawn(_ extra: [String]) -> ChildProcess.Result {
        ChildProcess.run(executable, workerArguments + extra, deadline: deadline,
                         capture: WorkerProtocol.resultDescriptor, watchCalls: true)
    }
}
