import ArgumentParser
import RefreshSession

/// How a command that runs a style runs its plugin code: in a supervised
/// worker process (always, unless --in-process), with a budget per call.
struct IsolationOptions: ParsableArguments {
    @OptionGroup var budgetOption: BudgetOption
    @Flag(name: .customLong("in-process"),
          help: "Run the plugin in this process, for debugging under gdb: a crash or hang then takes the command down.")
    var inProcess = false

    /// Seconds one call into the plugin may take (valid after `validate()`).
    var budget: Double { budgetOption.seconds }

    /// `settings` with this command's isolation and budget.
    func apply(to settings: inout SessionSettings) {
        settings.isolation = inProcess ? .inProcess : .worker
        settings.budget = budget
    }
}
