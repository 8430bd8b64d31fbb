import ArgumentParser
import RefreshNumbers

/// `--strictness`, shared by validate, install and gallery: which checks run.
struct StrictnessOption: ParsableArguments {
    static let range = NumberRange(lower: 1, upper: 10, whole: true)
    static let standard = 5

    @Option(name: .customLong("strictness"), parsing: .unconditional, help: ArgumentHelp(
        "Validate at this level, \(range.text): checks above it are skipped, higher levels run more iterations (default: 5).",
        valueName: "n"))
    var given: TypedNumber?

    func validate() throws {
        if let given { try Self.range.check("--strictness", given) }
    }

    /// The level to validate at.
    var level: Int { given.map { Int($0.value) } ?? Self.standard }
}
