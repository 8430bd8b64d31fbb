import ArgumentParser
import RefreshIsolation

/// How a command that runs a style runs its plugin code: in a supervised
/// worker process (always, unless --in-process), with a budget per call.
struct IsolationOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Wall seconds one call into the plugin may take; a call that takes longer stops the style.",
        valueName: "seconds"))
    var budget = 2.0
    @Flag(name: .customLong("in-process"),
          help: "Run the plugin in this process, for debugging under gdb: a crash or hang then takes the command down.")
    var inProcess = false

    func validate() throws {
        guard budget.isFinite, budget > 0, budget <= 3600 else {
            throw ValidationError("--budget \(budget): must be a number of seconds in (0, 3600]")
        }
    }
}
