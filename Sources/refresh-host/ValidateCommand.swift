import ArgumentParser
import RefreshConsole
import RefreshOutput
import RefreshPluginRuntime
import RefreshValidation

#if canImport(Glibc)
import Glibc
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
        if let seed, UInt64(seed).map({ $0 > Self.maxSeed }) ?? true {
            throw ValidationError("--seed \(seed): must be a whole number from 0 to \(Self.maxSeed)")
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
        if listChecks {
            for check in Catalogue.checks {
                print("\(check.id)  (\(check.group.rawValue), level \(check.level))")
                print("    " + check.documentation)
            }
            return
        }
        defer { TemporaryDataHome.end() }
        let options = try checkedOptions()
        // Before any check runs: a report that cannot be written fails now, not after the whole suite.
        let junitFile = try junit.flatMap { $0 == "-" ? nil : try Self.openReport($0) }
        if let refusal = Self.refusal(options.path) {
            // A CI job parsing --json or --junit still gets a report: loading.dlopen failed, nothing else ran.
            // A person gets the one line below, as for any file that is not there.
            try writeReports(Validation.refused(options: options, because: refusal), options: options, table: false,
                             junitFile: junitFile)
            throw CLIError.notFound("\(path ?? options.path): \(refusal)")
        }
        let deadline = timeout.value
        let mode: ValidationMode
        if inProcess {
            mode = .inProcess
        } else {
            guard let exe = FilePaths.executablePath() else { throw usage("cannot find this executable (/proc/self/exe)") }
            var runner = ChildRunner(executable: exe, deadline: deadline)
            if Console.current.isVerbose { runner.onOutput = ValidateProgress.pluginOutput }
            if let style, let names = runner.styleNames(options: options),
               !names.contains(where: { $0 == style || $0.lowercased() == style.lowercased() && !$0.contains(".") }) {
                throw usage("--style \(style): no such style in \(options.path) (it has: \(stride(from: 0, to: names.count, by: 2).map { names[$0] }.joined(separator: ", ")))")
            }
            mode = .child(runner)
        }
        let validation = Validation(options: options, mode: mode)
        let selected = validation.selected
        guard !selected.isEmpty else { throw usage("--only \(only ?? ""): matches no check (see --list-checks)") }
        let header = "refresh-host validate \(options.path): strictness \(options.strictness), seed \(options.seed), \(selected.count) check(s)"
        if !json { try writeTable(header); fflush(nil) }
        let console = Console.current
        console.detail(inProcess ? "validate: every check in this process"
                                 : "validate: each check in a child process, killed after \(timeout.text) s")
        let progress = ValidateProgress(console: console, total: selected.count)
        var results = validation.run(starting: progress.starting, progress: progress.finished)
        progress.end()
        let review = searchPathReview(file: options.path)
        if let verdict = review.verdict { results.append(verdict) }
        try writeReports(results, options: options, notes: review.notes, junitFile: junitFile)
        if Summary(results).hasProblems { throw ExitCode(1) }
    }

    /// The results as asked: the table (or --json) and --junit. With `--junit -`
    /// stdout is the XML alone, so the table goes to stderr, as the timeline
    /// does for `run --frames-json -`.
    private func writeReports(_ results: [CheckResult], options: ValidationOptions, notes: [String] = [],
                              table: Bool = true, junitFile: AtomicFile?) throws {
        if json {
            print(JSONReport.render(results, options: options, notes: notes))
        } else if table {
            let color = junit == "-" ? Console.current.stderrColor : Console.current.stdoutColor
            try writeTable(String(TableReport.render(results, header: "") { color.paint($1, $0.textStyle) }.dropFirst(2)))
        }
        for note in notes { Console.current.warning(note) }
        guard junit != nil else { return }
        let xml = JUnitReport.render(results, options: options)
        do {
            if let junitFile {
                try junitFile.writeAll(Array(xml.utf8))
                try junitFile.commit()
            } else {
                try StandardOutput.write(bytes: Array(xml.utf8)[...])
            }
        } catch let error as OutputError {
            throw CLIError.output("--junit \(error.message)")
        }
    }

    /// A line of the table: stdout, or stderr when stdout carries the JUnit XML.
    private func writeTable(_ text: String) throws {
        if junit == "-" { StandardError.write(line: text) } else { print(text) }
    }

    /// The JUnit report's file, made (empty, beside its target) before the
    /// checks run; renamed into place when they are done, so a CI job never reads half a report.
    private static func openReport(_ target: String) throws -> AtomicFile {
        do { return try AtomicFile(target: target) } catch { throw CLIError.output("--junit \(error.message)") }
    }

    /// The options, each checked; a bad one is a one-line usage error.
    private func checkedOptions() throws -> ValidationOptions {
        // In run(), not validate(): ArgumentParser reports an unknown option only after validate() passes.
        guard let argument = path else { throw usage("missing the plugin: refresh-host validate PATH.so (or a style id)") }
        let level = strictness
        let runSeed = seed.flatMap { UInt64($0) } ?? Self.freshSeed()
        let (path, style) = try pluginFile(argument)
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = FilePaths.currentDirectory() else { throw usage("\(path): cannot resolve the current directory") }
            absolute = cwd + "/" + path
        }
        absolute = FilePaths.normalize(absolute)
        return ValidationOptions(path: absolute, style: style, strictness: level, seed: runSeed, only: only)
    }

    /// Why the host would not load the file at `path` (the same gate and reason
    /// as every command's), or nil when it is an ELF shared object it may open.
    private static func refusal(_ path: String) -> String? {
        var info = stat()
        if case let .refused(why) = FileGate.locate(path) { return why }
        guard stat(path, &info) == 0 else { return "no such file" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "not a regular file" }
        do {
            let elf = try ELFFile(path: path)
            guard elf.type == 3 else { return "not a shared object (ELF type \(elf.type))" }
        } catch {
            return "not a shared object (\(error))"
        }
        return nil
    }

    private func usage(_ message: String) -> Error { CLIError.usage(message) }

    /// The largest seed: 2^53-1, the largest integer every JSON reader keeps exactly.
    static let maxSeed: UInt64 = (1 << 53) - 1

    /// A seed nobody chose: from the kernel's random source.
    static func freshSeed() -> UInt64 {
        var value: UInt64 = 0
        let random = open("/dev/urandom", O_RDONLY)
        let got = random < 0 ? 0 : read(random, &value, MemoryLayout<UInt64>.size)
        if random >= 0 { close(random) }
        if got != MemoryLayout<UInt64>.size {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            value = UInt64(ts.tv_nsec) ^ UInt64(ts.tv_sec) << 20
        }
        return value % 1_000_000_000 // short enough to type back
    }
}
