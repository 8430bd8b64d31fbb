import ArgumentParser
import RefreshConsole

/// How much a command says on stderr, and whether it uses colour: shared by
/// every command. --quiet and --verbose change only stderr: what a command
/// prints on stdout (tables, reports, JSON) and its exit status stay the same.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Colour: auto (only on a terminal, not with a non-empty NO_COLOR or TERM=dumb), always or never.",
        valueName: "when"))
    var color: ColorMode = .auto

    @Flag(name: .shortAndLong,
          help: "Say only what was asked and what went wrong: no progress, notices or warnings on stderr (errors still print).")
    var quiet = false

    @Flag(name: .shortAndLong,
          help: "Say more on stderr: the search path, which file each style came from, workers started and ended, each check's time, what a plugin printed.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose: use one or the other") }
    }

    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }
}

extension ColorMode: ExpressibleByArgument {}

/// A command that takes OutputOptions: main() sets up the Console from them
/// before the command runs, so errors, warnings and progress all follow them.
protocol ConsoleCommand {
    var output: OutputOptions { get }
}
