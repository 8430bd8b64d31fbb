import ArgumentParser
import RefreshIsolation

/// How a command that runs a style runs its plugin code: in a supervised
/// worker process (always, unless --in-process), with a budget per call.
struct IsolationOptions: ParsableArguments {
    @OptionGroup var budgetOption: BudgetOption
    @Flag(name: .customLong("in-process"),
          help: "Run the plugin in this process, for debugging under gdb: a crash or hang then takes the command down.")
    var inProcess = false
    /// Set by the supervisor when it re-runs this command as its worker: the one plugin file to load.
    @Option(name: .customLong("worker-file"), help: .hidden) var workerFile: String?

    func validate() throws {
        if workerFile != nil, !WorkerProcess.isWorker {
            throw ValidationError("--worker-file is for the worker processes refresh-host starts itself")
        }
    }

    /// Seconds one call into the plugin may take (valid after `validate()`).
    var budget: Double { budgetOption.seconds }

    /// This process is a worker, started by a supervisor.
    var isWorker: Bool { workerFile != nil }

    /// The worker's arguments that carry these options.
    func arguments(file: String) -> [String] { ["--worker-file", file, "--budget", "\(budget)"] }
}
