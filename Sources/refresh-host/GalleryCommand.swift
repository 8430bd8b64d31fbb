import RefreshConsole
import ArgumentParser
import RefreshNumbers
import RefreshGallery
import RefreshHostController
import RefreshPluginRuntime
import RefreshRender
import RefreshSession

#if canImport(Glibc)
import Glibc
import RefreshText
#endif

struct GalleryCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static HTML page showing every style on the plugin search path, animated.",
        discussion: """
            The folder gets index.html and, per loaded style, its animation (the same run as 'render', the \
            style running in a worker process) and a still for readers who prefer reduced motion; a themeable style (ABI 1.3) \
            is drawn a second time, in the other mode and a second set of colours. Each card also says \
            whether the style passes 'validate'. Styles are drawn and validated in parallel, up to --jobs at \
            once. The page needs no server and no network: open index.html in a \
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
        "Wall seconds each style's card may take, its drawings and its validation together, before it is stopped, \(deadlineRange.text).",
        valueName: "seconds"))
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
        var entries = try plugins.registry().entries
        // A footer gallery (ABI 1.3) shows the styles that work as footers, and says how many it left out.
        if environment.request.settings.edge == .bottom {
            let (kept, leftOut) = FooterSelection.split(entries)
            entries = kept
            if !leftOut.isEmpty {
                print("--edge \(environment.edge ?? "footer"): left out \(leftOut.count) style(s) that do not declare "
                      + "RH_STYLE_FOOTER: " + leftOut.joined(separator: ", ").terminalSafe)
            }
        }
        var builder = GalleryBuilder(options: options, format: kind,
                                     generator: "refresh-host \(RefreshHostCommand.configuration.version)")
        if let jobs { builder.parallelism = jobs }
        builder.cardDeadline = deadline
        if !noValidate {
            guard let exe = FilePaths.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
            builder.validate = GalleryConformance.validator(executable: exe, strictness: strictness)
        }
        builder.renderer = drawing(environment.request, options).renderer(format: kind, poster: builder.posterMoment)
        // Themeable styles (ABI 1.3) get a second drawing, in the other mode and colours of their own.
        let second = environment.request.secondTheme
        builder.themedRenderer = drawing(second.request, options).renderer(format: kind, poster: builder.posterMoment)
        builder.secondThemeLabel = second.label
        // How each style ends a failed refresh (ABI 1.3's results): a still half way through.
        var failing = options
        failing.gesture.result = RefreshResult(.failure)
        builder.failureRenderer = drawing(environment.request, failing).stillRenderer(moment: .exitMiddle)
        let progress = GalleryProgress(console: Console.current)
        builder.onStyleStart = progress.started
        builder.onStyleDone = progress.finished
        let page: GalleryPage
        do {
            defer { progress.end() }
            page = try builder.build(entries, into: out)
        }
        for line in page.summary(index: "\(out)/index.html") { print(line.terminalSafe) }
        // The page is written with every other card; the run still failed.
        if page.hasFailures { throw ExitCode(1) }
    }

    /// Each style runs in a worker session (plugin code never runs here, so a crash or a hang costs
    /// only its own card, --deadline for the whole card); this process draws and writes its files.
    private func drawing(_ environment: EnvironmentRequest, _ options: RecordingOptions) -> GalleryDrawing {
        var settings = environment.sessionSettings
        settings.budget = budget
        settings.isolation = .worker
        return GalleryDrawing(options: options, settings: settings, appearance: environment.dark ? .dark : .light,
                              deadline: deadline)
    }
}
