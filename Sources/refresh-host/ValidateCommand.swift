import ArgumentParser
import RefreshConsole
import RefreshOutput
import RefreshHostLoader
import RefreshValidation

#if canImport(Glibc)
import Glibc
#endif

/// `refresh-host validate PATH.so`: the conformance suite. Exit status 0 when
/// nothing failed, crashed or timed out (warnings and skips are fine), 1 when
/// something did, 2 when the command itself was used wrongly (a bad option
/// value, an unknown --style), 3 when the file is missing or not a plugin.
struct ValidateCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that a plugin .so follows the RefreshHost ABI: load, descriptors, lifecycle, values, fuzzing, budgets.",
        discussion: """
            Each check runs in a child process with a deadline, so a plugin that crashes is reported as crashed \
            (with its signal) and one that hangs as timed out, and the run carries on. Checks above --strictness \
            are skipped. Exit status: 0 when nothing failed, crashed or timed out; 1 when something did; 2 for a \
            usage error; 3 when the file is missing or not a plugin. `--list-checks` prints every check with its level. \
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
    @Option(parsing: .unconditional, help: ArgumentHelp("1-10: checks up to this level run, more iterations at higher levels.", valueName: "n"))
    var strictness = "5"
    @Option(help: ArgumentHelp("Only checks matching: an id, a group, a glob (lifecycle.done-*), comma separated.", valueName: "pattern"))
    var only: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for fuzzing, 0 to 2^53-1; printed by every run, replays it exactly.", valueName: "n"))
    var seed: String?
    @Flag(help: "Print the results (or, with --list-checks, the catalogue) as JSON (docs/json.md).") var json = false
    @Option(help: ArgumentHelp("Also write JUnit XML to FILE.", valueName: "file")) var junit: String?
    @Flag(name: .customLong("in-process"), help: "Run checks in this process (for debugging; a crash ends the run).")
    var inProcess = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Wall seconds each check may take before it is killed.", valueName: "seconds"))
    var timeout = "60"
    @Flag(name: .customLong("list-checks"), help: "Print every check, its group, level and what it checks, and exit.")
    var listChecks = false
    @Flag(help: "With --list-checks: print the catalogue as the README's Markdown table.") var markdown = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        if listChecks && markdown && json { throw usage("--markdown and --json: choose one format for --list-checks") }
        if (markdown || json) && listChecks && path != nil { throw usage("--list-checks takes no plugin") }
        if markdown && !listChecks { throw usage("--markdown: only with --list-checks") }
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
        let deadline = Double(timeout)!
        let mode: ValidationMode
        if inProcess {
            mode = .inProcess
        } else {
            guard let exe = SearchPath.executablePath() else { throw usage("cannot find this executable (/proc/self/exe)") }
            var runner = ChildRunner(executable: exe, workerArguments: ["validate-worker"], deadline: deadline)
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
        if !json { print(header); fflush(nil) }
        let console = Console.current
        console.detail(inProcess ? "validate: every check in this process"
                                 : "validate: each check in a child process, killed after \(timeout) s")
        let progress = ValidateProgress(console: console, total: selected.count)
        var results = validation.run(starting: progress.starting, progress: progress.finished)
        progress.end()
        let review = searchPathReview(file: options.path)
        if let verdict = review.verdict { results.append(verdict) }
        let notes = review.notes
        if json {
            print(JSONReport.render(results, options: options, notes: notes))
        } else {
            let color = console.stdoutColor
            print(TableReport.render(results, header: "") { color.paint($1, $0.textStyle) }.dropFirst(2))
        }
        for note in notes { Console.current.warning(note) }
        if let junit {
            // Beside the target, renamed into place: a CI job never reads half a report.
            do {
                if junit == "-" {
                    try StandardOutput.write(line: JUnitReport.render(results, options: options))
                } else {
                    try AtomicFile.write(JUnitReport.render(results, options: options), to: junit)
                }
            } catch let error as OutputError {
                throw CLIError.output("--junit \(error.message)")
            }
        }
        if Summary(results).hasProblems { throw ExitCode(1) }
    }

    /// The options, each checked; a bad one is a one-line usage error.
    private func checkedOptions() throws -> ValidationOptions {
        guard let argument = path else { throw usage("missing the plugin: refresh-host validate PATH.so (or a style id)") }
        if json && junit == "-" { throw usage("--junit - and --json: only one report can go to stdout") }
        let (path, style) = try pluginFile(argument)
        guard let level = Int(strictness), (1...10).contains(level) else {
            throw usage("--strictness \(strictness): must be a whole number from 1 to 10")
        }
        guard let t = Double(timeout), t.isFinite, t > 0, t <= 3600 else {
            throw usage("--timeout \(timeout): must be a number of seconds in (0, 3600]")
        }
        _ = t
        let runSeed: UInt64
        if let seed {
            // Within a double's exact integers, so the seed is a plain number in JSON.
            guard let s = UInt64(seed), s <= Self.maxSeed else {
                throw usage("--seed \(seed): must be a whole number from 0 to \(Self.maxSeed)")
            }
            runSeed = s
        } else {
            runSeed = Self.freshSeed()
        }
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = SearchPath.currentDirectory() else { throw usage("\(path): cannot resolve the current directory") }
            absolute = cwd + "/" + path
        }
        absolute = SearchPath.normalize(absolute)
        var info = stat()
        // The host's own gate: what it would refuse to load is refused here, with the same reason.
        if case let .refused(why) = FileGate.locate(absolute) { throw CLIError.notFound("\(path): \(why)") }
        guard stat(absolute, &info) == 0 else { throw CLIError.notFound("\(path): no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw CLIError.notFound("\(path): not a regular file") }
        do {
            let elf = try ELFFile(path: absolute)
            guard elf.type == 3 else { throw CLIError.notFound("\(path): not a shared object (ELF type \(elf.type))") }
        } catch let error as ELFError {
            throw CLIError.notFound("\(path): not a shared object (\(error))")
        }
        return ValidationOptions(path: absolute, style: style, strictness: level, seed: runSeed, only: only)
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

/// The hidden worker: runs one check (or lists styles) and writes the result
/// to file descriptor 3 for the parent `validate`.
struct ValidateWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate-worker", shouldDisplay: false)

    @Argument var path: String
    @Option var check: String?
    @Flag(name: .customLong("list-styles")) var listStyles = false
    @Option var style: String?
    @Option var strictness = 5
    @Option var seed: UInt64 = 0

    func run() throws {
        let options = ValidationOptions(path: path, style: style, strictness: strictness, seed: seed, only: nil)
        let write: (String) -> Void = { text in
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Glibc.write(3, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 { break }
                offset += n
            }
        }
        if listStyles {
            Worker.listStyles(options: options, write: write)
        } else if let check, Worker.run(checkID: check, options: options, write: write) {
            // written
        } else {
            throw ExitCode(2)
        }
    }
}
