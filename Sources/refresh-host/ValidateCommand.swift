import ArgumentParser
import RefreshNumbers
import RefreshConsole
import RefreshOutput
import RefreshPluginRuntime
import RefreshPluginSearch
import RefreshValidation

#if canImport(Glibc)
import Glibc
import RefreshText
#endif

/// `refresh-host validate PATH.so`: the conformance suite. Exit status 0 when
/// nothing failed, crashed or timed out (warnings and skips are fine), 1 when
/// something did, 2 when the command itself was used wrongly (a bad option
/// value, an unknown --style), 3 when the file is missing or not a plugin
/// (with --json or --junit, reported as a failed loading.dlopen).
struct ValidateCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that a plugin .so follows the RefreshHost ABI: load, descriptors, lifecycle, values, fuzzing, budgets.",
        discussion: """
            Each check runs in a child process with a deadline, so a plugin that crashes is reported as crashed \
            (with its signal) and one that hangs as timed out, and the run carries on. Checks above --strictness \
            are skipped. Exit status: 0 when nothing failed, crashed or timed out; 1 when something did; 2 for a \
            usage error; 3 when the file is missing or not a plugin (--json and --junit then still report it: \
            loading.dlopen failed, the rest skipped). --junit - writes the XML alone to stdout; the table goes to \
            stderr. `--list-checks` prints every check with its level. \
            A style id instead of a path validates that style's file from the search path; a style whose id \
            another plugin on the search path also has gets a warning.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: ArgumentHelp("The plugin shared object to check, a style folder (its .so, or a designer's Lottie file or frames), or the id or short name of a style on the search path.",
                                 valueName: "path.so|folder|style"), completion: .file(extensions: ["so"]))
    var path: String?
    @Option(help: ArgumentHelp("Only this style of the library (id or short name).", valueName: "id"),
            completion: .custom(StyleCompletion.styles))
    var style: String?
    @OptionGroup var strictnessOption: StrictnessOption
    @Option(help: ArgumentHelp("Only checks matching: an id, a group, a glob (lifecycle.done-*), comma separated.", valueName: "pattern"),
            completion: .list(Check.Group.allCases.map(\.rawValue) + Catalogue.checks.map(\.id)))
    var only: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for fuzzing, from 0 to 2^53-1; printed by every run, replays it exactly.", valueName: "n"))
    var seed: String?
    @Flag(help: "Print the results (or, with --list-checks, the catalogue) as JSON (docs/json.md).") var json = false
    @Option(help: ArgumentHelp("Also write JUnit XML to FILE; - is stdout (the table then goes to stderr).", valueName: "file"),
            completion: .file(extensions: ["xml"]))
    var junit: String?
    @Flag(name: .customLong("strict-features"),
          help: "Fail, not warn, when a style's data file has features the style does not draw (descriptors.drawn-features).")
    var strictFeatures = false
    @Flag(name: .customLong("in-process"), help: "Run checks in this process (for debugging; a crash ends the run).")
    var inProcess = false
    static let timeoutRange = NumberRange(lower: 0, upper: 3600, lowerOpen: true, unit: "seconds")
    @Option(parsing: .unconditional, help: ArgumentHelp("Wall seconds each check may take before it is killed, \(timeoutRange.text).",
                                                        valueName: "seconds"))
    var timeout = TypedNumber(60)
    @Flag(name: .customLong("list-checks"), help: "Print every check, its group, level and what it checks, and exit.")
    var listChecks = false
    @Flag(help: "With --list-checks: print the catalogue as the README's Markdown table.") var markdown = false
    @OptionGroup var output: OutputOptions

    /// Every option on its own and with the others, before anything runs: a usage error (2) with the help hint.
    func validate() throws {
        if listChecks && markdown && json { throw ValidationError("--markdown and --json: choose one format for --list-checks") }
        // The catalogue is the same for every plugin: a path given with it would be dropped without a word.
        if listChecks, let path {
            throw ValidationError("--list-checks prints the catalogue, the same for every plugin: leave out \(path), "
                + "or leave out --list-checks to validate it")
        }
        if markdown && !listChecks { throw ValidationError("--markdown: only with --list-checks") }
        if listChecks { return }
        if json && junit == "-" { throw ValidationError("--junit - and --json: only one report can go to stdout") }
        try Self.timeoutRange.check("--timeout", timeout)
        // Within a double's exact integers, so the seed is a plain number in JSON.
        if let seed, ValidationSeed.parse(seed) == nil {
            throw ValidationError("--seed \(seed): must be a whole number from 0 to \(ValidationSeed.max)")
        }
    }

    var strictness: Int { strictnessOption.level }

    func run() throws {
        if listChecks && markdown {
            print(Catalogue.markdown)
            return
        }
        if listChecks && json {
            print(JSONReport.catalogue(Catalogue.checks))
            return
        }
        if listChecks { return print(Catalogue.listing) }
        defer { TemporaryDataHome.end() }
        // In run(), not validate(): ArgumentParser reports an unknown option only after validate() passes.
        guard let path else { throw CLIError.usage("missing the plugin: refresh-host validate PATH.so (or a style id)") }
        let target = try ValidationTarget.locate(path, style: style, search: plugins.search)
        if let made = target.made, !json { print(made.terminalSafe) }
        let options = ValidationOptions(path: target.path, style: target.style, strictness: strictness,
                                        seed: seed.flatMap(ValidationSeed.parse) ?? ValidationSeed.fresh(), only: only)
        // Before any check runs: a report that cannot be written fails now, not after the whole suite.
        let junitOutput = try junit.map(JUnitOutput.init(target:))
        if let refusal = PluginRefusal.reason(options.path) {
            // A CI job parsing --json or --junit still gets a report: loading.dlopen failed, nothing else ran.
            // A person gets the one line below, as for any file that is not there.
            try writeReports(Validation.refused(options: options, because: refusal), options: options, table: false,
                             junit: junitOutput)
            throw ValidationSetupError("\(path): \(refusal)", .notFound)
        }
        let mode: ValidationMode
        if inProcess {
            mode = .inProcess
        } else {
            guard let exe = FilePaths.executablePath() else { throw CLIError.usage("cannot find this executable (/proc/self/exe)") }
            var runner = ChildRunner(executable: exe, deadline: timeout.value)
            if Console.current.isVerbose { runner.onOutput = ValidateProgress.pluginOutput }
            if let style, let names = runner.styleNames(options: options) { try StyleChoice.check(style, names: names, path: options.path) }
            mode = .child(runner)
        }
        let validation = Validation(options: options, mode: mode)
        let selected = validation.selected
        guard !selected.isEmpty else { throw CLIError.usage("--only \(only ?? ""): matches no check (see --list-checks)") }
        let header = "refresh-host validate \(options.path): strictness \(options.strictness), seed \(options.seed), \(selected.count) check(s)"
        if !json { try writeTable(header.terminalSafe); fflush(nil) }
        let console = Console.current
        console.detail(inProcess ? "validate: every check in this process"
                                 : "validate: each check in a child process, killed after \(timeout.text) s")
        let progress = ValidateProgress(console: console, total: selected.count)
        var results = validation.run(starting: progress.starting, progress: progress.finished)
        progress.end()
        if strictFeatures { results = StrictFeatures.apply(results) }
        let review = SearchPathReview.review(file: options.path, search: plugins.search)
        if let verdict = review.verdict { results.append(verdict) }
        try writeReports(results, options: options, notes: review.notes, junit: junitOutput)
        if Summary(results).hasProblems { throw ExitCode(1) }
    }

    /// The results as asked: the table (or --json) and --junit. With `--junit -`
    /// stdout is the XML alone, so the table goes to stderr, as the timeline
    /// does for `run --frames-json -`.
    private func writeReports(_ results: [CheckResult], options: ValidationOptions, notes: [String] = [],
                              table: Bool = true, junit output: JUnitOutput?) throws {
        if json {
            print(JSONReport.render(results, options: options, notes: notes))
        } else if table {
            let color = junit == "-" ? Console.current.stderrColor : Console.current.stdoutColor
            try writeTable(String(TableReport.render(results, header: "") { color.paint($1, $0.textStyle) }.dropFirst(2)))
        }
        for note in notes { Console.current.warning(note) }
        try output?.write(JUnitReport.render(results, options: options))
    }

    /// A line of the table: stdout, or stderr when stdout carries the JUnit XML.
    private func writeTable(_ text: String) throws {
        if junit == "-" { StandardError.write(line: text) } else { print(text) }
    }
}
