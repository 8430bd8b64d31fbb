import ArgumentParser
import RefreshGallery
import RefreshHostLoader
import RefreshRender
import RefreshValidation
import RefreshIsolation
import RefreshOutput

#if canImport(Glibc)
import Glibc
#endif

struct GalleryCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static HTML page showing every style on the plugin search path, animated.",
        discussion: """
            The folder gets index.html and, per loaded style, its animation (the same run as 'render', drawn \
            in a child process) and a still for readers who prefer reduced motion; a themeable style (ABI 1.3) \
            is drawn a second time, in the other mode and a second set of colours. Each card also says \
            whether the style passes 'validate'. Styles are drawn and validated in parallel, one child per \
            style, up to --jobs at once. The page needs no server and no network: open index.html in a \
            browser. Styles that were shadowed, rejected, refused or quarantined, or whose drawing failed, get \
            a card too, with the reason; the page shows file names, never the paths of this machine. The exit \
            status is 1 when any loaded style could not be drawn (the page is still written).
            """)

    @OptionGroup var plugins: PluginOptions
    @Option(help: ArgumentHelp("The folder to write (made if missing).", valueName: "dir"), completion: .directory)
    var out: String
    @Option(help: ArgumentHelp("Animation format: webp or gif.", valueName: "format"), completion: .list(["webp", "gif"]))
    var format = "webp"
    @OptionGroup var scenario: GestureOptions
    @OptionGroup(title: "Environment (ABI 1.3)") var environment: EnvironmentOptions
    @OptionGroup var frames: FrameOptions
    @OptionGroup var strictnessOption: StrictnessOption
    @Flag(name: .customLong("no-validate"), help: "Leave out the validation (faster; not with --strictness).")
    var noValidate = false

    static let deadlineRange = NumberRange(lower: 0, upper: 3600, lowerOpen: true, unit: "seconds")
    static let jobsRange = NumberRange(lower: 1, upper: 256, whole: true)
    @Option(name: .customLong("deadline"), parsing: .unconditional, help: ArgumentHelp(
        "Wall seconds each style's drawing may take before it is stopped, \(deadlineRange.text).", valueName: "seconds"))
    var deadlineOption = TypedNumber(60)
    @OptionGroup var budgetOption: BudgetOption
    @Option(name: .customLong("jobs"), parsing: .unconditional, help: ArgumentHelp(
        "Styles drawn and validated at once, \(jobsRange.text) (default: the online cores).", valueName: "n"))
    var jobsOption: TypedNumber?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard let kind = ExportFormat(rawValue: format.lowercased()), kind.isAnimated else {
            throw ValidationError("--format \(format): expected webp or gif")
        }
        try frames.check(for: kind)
        try Self.deadlineRange.check("--deadline", deadlineOption)
        if let jobsOption { try Self.jobsRange.check("--jobs", jobsOption) }
        // A level for checks that will not run would be dropped without a word.
        if noValidate, let given = strictnessOption.given {
            throw ValidationError("--strictness \(given.text): --no-validate leaves out the validation; give one or the other")
        }
    }

    // The options' values (valid after `validate()`).
    var strictness: Int { strictnessOption.level }
    var deadline: Double { deadlineOption.value }
    var budget: Double { budgetOption.seconds }
    var jobs: Int? { jobsOption.map { Int($0.value) } }

    func run() throws {
        let kind = ExportFormat(rawValue: format.lowercased())!
        let options = frames.recording(scenario)

        // What the scanner and the cache know: no plugin code runs in this process.
        var entries = try plugins.catalog().entries
        // A footer gallery (ABI 1.3) shows the styles that work as footers, and says how many it left out.
        if environment.settings.edge == .bottom {
            let headersOnly = entries.filter { $0.status == .loaded && $0.descriptor?.metrics.supportsFooter == false }
            entries.removeAll { e in headersOnly.contains { $0.file == e.file && $0.descriptor?.id == e.descriptor?.id } }
            if !headersOnly.isEmpty {
                print("--edge \(environment.edge ?? "footer"): left out \(headersOnly.count) style(s) that do not declare "
                      + "RH_STYLE_FOOTER: " + headersOnly.compactMap { $0.descriptor?.shortName }.joined(separator: ", "))
            }
        }
        var builder = GalleryBuilder(options: options, format: kind,
                                     generator: "refresh-host \(RefreshHostCommand.configuration.version)")
        if let jobs { builder.parallelism = jobs }
        if !noValidate { builder.validate = try Self.validator(strictness: strictness) }
        builder.renderer = try renderer(poster: builder.posterMoment, environment: environment.arguments)
        // Themeable styles (ABI 1.3) get a second drawing, in the other mode and colours of their own.
        let second = environment.secondTheme
        builder.themedRenderer = try renderer(poster: builder.posterMoment, environment: second.arguments)
        builder.secondThemeLabel = second.label
        // How each style ends a failed refresh (ABI 1.3's results): a still half way through.
        builder.failureRenderer = try stillRenderer(["--result", "failure", "--at", Moment.exitMiddle.description])
        let progress = GalleryProgress(console: Console.current)
        builder.onStyleStart = progress.started
        builder.onStyleDone = progress.finished
        let page: GalleryPage
        do {
            defer { progress.end() }
            page = try builder.build(entries, into: out)
        } catch {
            throw (error as? RenderError).map(CLIError.init) ?? error
        }
        let rendered = page.cards.filter { $0.animation != nil }.count
        let failed = page.cards.filter { $0.status.isFailure }
        print("\(out)/index.html: \(page.cards.count) card(s), \(rendered) animation(s)"
              + (failed.isEmpty ? "" : ", \(failed.count) style(s) failed"))
        for card in page.cards where card.status != .loaded {
            print("  \(card.id ?? card.file): \(card.status)")
        }
        // The page is written with every other card; the run still failed.
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// `validate` at `strictness` with a fixed seed, each check in a child
    /// process as the command does it, so a crashing style cannot take the
    /// gallery down with it. Called from several threads at once.
    static func validator(strictness: Int) throws -> GalleryBuilder.Validator {
        guard let exe = SearchPath.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
        return { file, id in
            let runner = ChildRunner(executable: exe, workerArguments: ["validate-worker"], deadline: 60)
            let options = ValidationOptions(path: file, style: id, strictness: strictness, seed: 1, only: nil)
            let results = Validation(options: options, mode: .child(runner)).run()
            let summary = Summary(results)
            return GalleryCard.Conformance(
                passed: !summary.hasProblems, strictness: strictness,
                summary: Status.allCases.filter { summary[$0] > 0 }.map { "\(summary[$0]) \($0.rawValue)" }
                    .joined(separator: ", "),
                problems: results.filter(\.status.isProblem).map { "\($0.id) (\($0.status.rawValue))" })
        }
    }

    /// Each style drawn by a child `refresh-host render`, one for the
    /// animation and one for the still, so a plugin that crashes or hangs
    /// (--deadline) costs only its own card. Called from several threads at once.
    private func renderer(poster: Moment, environment: [String]) throws -> GalleryBuilder.Renderer {
        let draw = try childRender(environment: environment)
        let still = poster.description
        return { id, file, animation, poster in
            try draw(id, file, ["--out", animation])
            try draw(id, file, ["--out", poster, "--at", still])
        }
    }

    /// One still per style, drawn by a child `refresh-host render` with `extra` arguments.
    private func stillRenderer(_ extra: [String]) throws -> GalleryBuilder.StillRenderer {
        let draw = try childRender(environment: environment.arguments)
        return { id, file, still in try draw(id, file, ["--out", still] + extra) }
    }

    /// Runs `refresh-host render ID --plugin-path FILE ARGUMENTS` (the first two
    /// arguments are --out and its file) with the gallery's options; throws one
    /// sentence when it fails.
    private func childRender(environment: [String]) throws -> @Sendable (String, String, [String]) throws -> Void {
        guard let exe = SearchPath.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
        let shared = scenario.arguments + environment + frames.arguments + ["--budget", "\(budget)", "--scan-timeout", plugins.scanTimeout]
        let deadline = self.deadline
        return { id, file, arguments in
            // The render runs no plugin code itself (its worker does): should the gallery die, a
            // SIGTERM lets it remove its temporary before it goes, and its worker goes with it.
            let child = ChildProcess.run(exe, ["render", id, "--plugin-path", file] + arguments + shared,
                                         deadline: deadline, capture: 2, deathSignal: SIGTERM)
            if let failure = Self.failure(child, id: id, deadline: deadline) {
                // A child killed at the deadline (SIGKILL) could not remove its temporary.
                AtomicFile.removeTemporaries(of: arguments[1])
                throw RenderError(failure)
            }
        }
    }

    /// One sentence saying how a child render failed, or nil when it did not.
    static func failure(_ child: ChildProcess.Result, id: String, deadline: Double) -> String? {
        // A card is no place for the command line's help hint that ends a usage error.
        let lines = child.output.split(separator: "\n").map { $0.hasPrefix("Error: ") ? String($0.dropFirst(7)) : String($0) }
            .map { line in line.firstRange(of: " (see 'refresh-host ").map { String(line[..<$0.lowerBound]) } ?? line }
        switch child.ending {
        case .exited(0): return nil
        case let .exited(status):
            guard let line = lines.last else { return sentence("render exited with status \(status)") }
            // "<id> (<file>) crashed in cycle() with SIGSEGV": the card names the style already.
            if line.hasPrefix(id + " ("), let close = line.firstRange(of: ") ") {
                return "It " + line[close.upperBound...] + " while rendering."
            }
            return sentence(line)
        case let .signal(signal):
            // The host names the callback it crashed in: "<id>#1 crashed (SIGSEGV) in cycle; ..."
            if let report = lines.last(where: { $0.contains(" crashed (") }),
               let at = report.firstRange(of: "crashed (") {
                let what = report[at.lowerBound...].split(separator: ";").first.map(String.init) ?? ""
                return "It \(what) while rendering."
            }
            return "It crashed (\(signalName(signal))) while rendering."
        case .timedOut:
            return "It timed out: rendering took over \(shortDeadline(deadline)) s and was stopped."
        case let .spawnFailed(why):
            return sentence("could not start the renderer: \(why)")
        }
    }

    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capital = first.uppercased() + text.dropFirst()
        return capital.hasSuffix(".") ? capital : capital + "."
    }

    static func shortDeadline(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
