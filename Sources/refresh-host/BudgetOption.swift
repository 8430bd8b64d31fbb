import ArgumentParser
import RefreshNumbers

/// `--budget`, shared by run and render (IsolationOptions) and gallery: how
/// long one call into a plugin may take.
struct BudgetOption: ParsableArguments {
    static let range = NumberRange(lower: 0, upper: 3600, lowerOpen: true, unit: "seconds")

    @Option(name: .customLong("budget"), parsing: .unconditional, help: ArgumentHelp(
        "Seconds one call into the plugin may take, \(range.text), counting its own time (not waiting for a CPU); a call that takes longer stops the style.",
        valueName: "seconds"))
    var given = TypedNumber(2)

    func validate() throws { try Self.range.check("--budget", given) }

    var seconds: Double { given.value }
}
