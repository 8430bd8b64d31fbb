import ArgumentParser
import RefreshOutput
import RefreshHostLoader
import RefreshValidation

#if canImport(Glibc)
import Glibc
#endif

/// `refresh-host validate PATH.so`: the conformance suite. Exit status 0 when
/// nothing failed, crashed or timed out (warnings and skips are fine), 1 when
/// something did, 2 when the command itself was used wrongly (no such file,
/// not a shared object, a bad option value, an unknown --style).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that a plugin .so follows the RefreshHost ABI: load, descriptors, lifecycle, values, fuzzing, budgets.",
        discussion: """
            Each check runs in a child process with a deadline, so a plugin that crashes is reported as crashed \
            (with its signal) and one that hangs as timed out, and the run carries on. Checks above --strictness \
            are skipped. Exit status: 0 when nothing failed, crashed or timed out; 1 when something did; 2 for a \
            usage error. `--list-checks` prints every check with its level.
            """)

    @Argument(help: ArgumentHelp("The plugin shared object to check.", valueName: "path.so")) var path: String?
    @Option(help: ArgumentHelp("Only this style of the library (id or short name).", valueName: "id"), completion: .custom(StyleCompletion.styles)) var style: String?
    @Option(help: ArgumentHelp("1-10: checks up to this level run, more iterations at higher levels.", valueName: "n"))
    var strictness = "5"
    @Option(help: ArgumentHelp("Only checks matching: an id, a group, a glob (lifecycle.done-*), comma separated.", valueName: "pattern"))
    var only: String?
    @Option(help: ArgumentHelp("Seed for fuzzing; printed by every run, replays it exactly.", valueName: "n")) var seed: String?
    @Flag(help: "Print the results as JSON.") var json = false
    @Option(help: ArgumentHelp("Also write JUnit XML to FILE.", valueName: "file")) var junit: String?
    @Flag(name: .customLong("in-process"), help: "Run checks in this process (for debugging; a crash ends the run).")
    var inProcess = false
    @Option(help: ArgumentHelp("Wall seconds each check may take before it is killed.", valueName: "seconds"))
    var timeout = "60"
    @Flag(name: .customLong("list-checks"), help: "Print every check, its group, level and what it checks, and exit.")
    var listChecks = false
    @Flag(help: "With --list-checks: print the catalogue as the README's Markdown table.") var markdown = false

    func run() throws {
        if listChecks && markdown {
            print(Catalogue.markdown)
            return
        }
        if listChecks {
            for check in Catalogue.checks {
                print("\(check.id)  (\(check.group.rawValue), level \(check.level))")
                print("    " + check.documentation)
            }
            return
        }
        let options = try checkedOptions()
        let deadline = Double(timeout)!
        let mode: ValidationMode
        if inProcess {
            mode = .inProcess
        } else {
            guard let exe = SearchPath.executablePath() else { throw usage("cannot find this executable (/proc/self/exe)") }
            let runner = ChildRunner(executable: exe, workerArguments: ["validate-worker"], deadline: deadline)
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
        let results = validation.run()
        if json {
            print(JSONReport.render(results, options: options))
        } else {
            print(TableReport.render(results, header: "").dropFirst(2))
        }
        if let junit {
            // Beside the target, renamed into place: a CI job never reads half a report.
            do { try AtomicFile.write(JUnitReport.render(results, options: options), to: junit) } catch {
                throw usage("--junit \(error.message)")
            }
        }
        if Summary(results).hasProblems { throw ExitCode(1) }
    }

    /// The options, each checked; a bad one is a one-line usage error.
    private func checkedOptions() throws -> ValidationOptions {
        guard let path else { throw usage("missing the plugin: refresh-host validate PATH.so") }
        guard let level = Int(strictness), (1...10).contains(level) else {
            throw usage("--strictness \(strictness): must be a whole number from 1 to 10")
        }
        guard let t = Double(timeout), t.isFinite, t > 0, t <= 3600 else {
            throw usage("--timeout \(timeout): must be a number of seconds in (0, 3600]")
        }
        _ = t
        let runSeed: UInt64
        if let seed {
            guard let s = UInt64(seed) else { throw usage("--seed \(seed): must be a whole number from 0 to \(UInt64.max)") }
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
        if case let .refused(why) = FileGate.locate(absolute) { throw usage("\(path): \(why)") }
        guard stat(absolute, &info) == 0 else { throw usage("\(path): no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw usage("\(path): not a regular file") }
        do {
            let elf = try ELFFile(path: absolute)
            guard elf.type == 3 else { throw usage("\(path): not a shared object (ELF type \(elf.type))") }
        } catch let error as ELFError {
            throw usage("\(path): not a shared object (\(error))")
        } catch {
            throw error
        }
        return ValidationOptions(path: absolute, style: style, strictness: level, seed: runSeed, only: only)
    }

    /// One line on stderr; the caller throws the exit status 2 this returns.
    private func usage(_ message: String) -> Error {
        let line = Array("Error: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return ExitCode(2)
    }

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
