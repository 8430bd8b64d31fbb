import RefreshOutput
import RefreshConsole
import ArgumentParser
import CIsolation
import RefreshRender
import RefreshSession

#if canImport(Glibc)
import Glibc
#endif

struct RenderCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a style's run as a phone screen: an animated GIF or WebP, or one moment as PNG or SVG.",
        discussion: """
            The format follows the file's extension. GIF and WebP hold the whole run (the same gesture as \
            'run', until the header has reset), looping forever. PNG and SVG show one moment, --at: a time \
            in seconds or one of threshold (the pull reaches the style's height), release (the finger lifts), \
            cycle:N (half way through cycle N), exit-start, exit-mid (half way through the exit), exit-end (the style calls done), reset, end \
            (the last frame). The same options always give byte-identical files. The plugin runs in a worker \
            process that sends the layers of each frame; this process draws and writes them, so a style that \
            crashes or takes longer than --budget in one call leaves the previous file untouched.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.", completion: .custom(StyleCompletion.styles)) var style: String
    @Option(help: ArgumentHelp("Where to write: FILE.gif, FILE.webp, FILE.png or FILE.svg; - is stdout (with --format).",
                               valueName: "file"), completion: .file(extensions: ["gif", "webp", "png", "svg"]))
    var out: String
    @Option(help: ArgumentHelp("gif, webp, png or svg, when --out's extension does not say (--out -).", valueName: "format"),
            completion: .list(["gif", "webp", "png", "svg"]))
    var format: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("PNG/SVG: seconds (>= 0) or a moment (default: threshold, else cycle:1, else release).",
                               valueName: "moment"),
            completion: .list(["threshold", "release", "cycle:1", "exit-start", "exit-mid", "exit-end", "reset", "end"]))
    var at: String?
    @OptionGroup var scenario: GestureOptions
    @OptionGroup(title: "Environment (ABI 1.3)") var environment: EnvironmentOptions
    @OptionGroup var frames: FrameOptions
    @OptionGroup var isolation: IsolationOptions
    @OptionGroup var output: OutputOptions

    /// Checked with the other options, before anything runs: a usage error (2) with the help hint.
    func validate() throws {
        do { _ = try ExportFormat.choose(out: out, format: format) } catch { throw ValidationError(error.description) }
        try frames.check(for: exportFormat)
        // Pixels are drawn for every format but SVG: refuse what will not fit before anything runs.
        if exportFormat != .svg {
            let size = scenario.request.sizeText
            try PixelBudget.check("--size \(size) --scale \(frames.scale)", size: size, scale: Double(frames.scale))
        }
        if let at, Moment(at) == nil {
            throw ValidationError("--at \(at): expected seconds (>= 0) or one of \(Moment.names)")
        }
        if at != nil, exportFormat.isAnimated {
            throw ValidationError("--at \(at!): only for a single frame (.png, .svg); \(out) holds the whole run")
        }
    }

    /// Valid after `validate()`: --format, else --out's extension.
    var exportFormat: ExportFormat { (try? ExportFormat.choose(out: out, format: format))! }

    func run() throws {
        // Each frame allocates and frees megabytes (the bitmap, the encoder's copy); left to
        // glibc's dynamic threshold, the process may hand them back to the kernel and fault them
        // in again every frame, which cost the worker path a fifth of its throughput. Keep them.
        rh_keep_freed_memory(256 << 20)
        let stdout = out == "-" ? try StdoutFile(suffix: "." + exportFormat.rawValue) : nil
        try render(to: stdout?.path ?? out)
        try stdout?.deliver()
    }

    /// The style runs in a session (a worker unless --in-process); this
    /// process draws its frames and writes the file, so a style that crashes
    /// or hangs leaves the previous file as it was.
    func render(to path: String) throws {
        // An unknown style or a request the style cannot honour fails before anything is written.
        let entry = try plugins.resolve(style)
        if let d = entry.descriptor {
            try environment.request.check(d)
            try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name, warnShortPull: at == nil)
        }
        let options = frames.recording(scenario)
        var settings = options.sessionSettings(environment.request.sessionSettings)
        isolation.apply(to: &settings)
        let recording = Recording(options) {
            let session = try SessionOpener().open(file: entry.file, style: entry.descriptor?.id ?? style, settings: settings)
            SessionOutput.started(session, budget: settings.budget)
            return session
        }
        let progress = RenderProgress(console: Console.current, label: out == "-" ? "stdout" : out)
        do {
            try AnimationFile.write(recording, to: path, format: exportFormat, moment: at.flatMap(Moment.init),
                                    appearance: environment.dark ? .dark : .light, progress: progress.frame)
        } catch {
            progress.end()
            SessionOutput.report(recording.session)
            throw error
        }
        progress.end()
        SessionOutput.report(recording.session)
        // Warnings, not errors: --quiet leaves them out.
        for line in ProblemLines.summary(recording.problems) { Console.current.warn(line) }
    }
}
