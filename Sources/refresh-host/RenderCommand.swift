import ArgumentParser
import CIsolation
import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender

#if canImport(Glibc)
import Glibc
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a style's run as a phone screen: an animated GIF or WebP, or one moment as PNG or SVG.",
        discussion: """
            The format follows the file's extension. GIF and WebP hold the whole run (the same gesture as \
            'run', until the header has reset), looping forever. PNG and SVG show one moment, --at: a time \
            in seconds or one of threshold (the pull reaches the style's height), release (the finger lifts), \
            cycle:N (half way through cycle N), exit-start, exit-end (the style calls done), reset, end \
            (the last frame). The same options always give byte-identical files. The plugin runs in a worker \
            process that sends the layers of each frame; this process draws and writes them, so a style that \
            crashes or takes longer than --budget in one call leaves the previous file untouched.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.", completion: .custom(StyleCompletion.styles)) var style: String
    @Option(help: ArgumentHelp("Where to write: FILE.gif, FILE.webp, FILE.png or FILE.svg.", valueName: "file"))
    var out: String
    @Option(help: ArgumentHelp("PNG/SVG: seconds or a moment (default: threshold, else cycle:1, else release).",
                               valueName: "moment"))
    var at: String?
    @OptionGroup var scenario: GestureOptions
    @OptionGroup var frames: FrameOptions
    @OptionGroup var isolation: IsolationOptions

    /// Checked in run(), not validate(): a bad value is one line and exit status 1, without the usage text.
    func check() throws {
        guard ExportFormat(path: out) != nil else {
            throw CLIError("--out \(out): unknown format; use .gif, .webp, .png or .svg")
        }
        try frames.check(for: ExportFormat(path: out)!)
        if let at, Moment(at) == nil {
            throw CLIError("--at \(at): expected seconds (>= 0) or one of \(Moment.names)")
        }
        if at != nil, ExportFormat(path: out)?.isAnimated == true {
            throw CLIError("--at \(at!): only for a single frame (.png, .svg); \(out) holds the whole run")
        }
    }

    func run() throws {
        if let file = isolation.workerFile { renderWorker(file: file) }
        try check()
        // Each frame allocates and frees megabytes (the bitmap, the encoder's copy); left to
        // glibc's dynamic threshold, the process may hand them back to the kernel and fault them
        // in again every frame, which cost the worker path a fifth of its throughput. Keep them.
        rh_keep_freed_memory(256 << 20)
        if isolation.inProcess { return try renderInProcess() }
        try superviseRender()
    }

    /// `--in-process`: the plugin runs here, for debugging under gdb.
    func renderInProcess() throws {
        let format = ExportFormat(path: out)!
        let registry = try plugins.registry()
        defer { registry.close() }
        let log = HostLog()
        // Fail on an unknown style before anything is written.
        do { _ = try registry.lookup(style) } catch { throw CLIError("\(error)") }
        let recording = Recording(frames.recording(scenario)) { width, height in
            let tree = LayerTree(timeline: Timeline())
            do {
                let animator = try registry.makeAnimator(style, tree: tree, log: log)
                return try RefreshController(animator: animator, tree: tree, viewportWidth: width, viewportHeight: height)
            } catch {
                throw CLIError("\(error)")
            }
        }
        let bar = ProgressBar(label: out)
        do {
            try AnimationFile.write(recording, to: out, format: format, moment: at.flatMap(Moment.init),
                                    progress: bar.map { bar in { bar.update($0, of: $1) } })
        } catch {
            bar?.clear()
            throw (error as? RenderError).map { CLIError($0.description) } ?? error
        }
        bar?.finish()
        reportProblems(log)
    }

    /// What the host refused or bounded, once per distinct line, on stderr: a
    /// render that succeeded may still have drawn less than the style asked for.
    /// A recording may run the style more than once, hence the de-duplication.
    static func reportProblems(_ problems: [String]) {
        var seen = Set<String>()
        let lines = problems.filter { seen.insert($0).inserted }
        let shown = 10
        var text = lines.prefix(shown).map { $0 + "\n" }.joined()
        if lines.count > shown { text += "... and \(lines.count - shown) more problem(s) reported by the host\n" }
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    private func reportProblems(_ log: HostLog) {
        Self.reportProblems(log.entries.filter(\.isProblem).map(\.problemLine))
    }
}

extension HostLog.Entry {
    /// What the host (not the plugin) reported at warning level or above.
    var isProblem: Bool { kind != .plugin && level >= .warning }
    var problemLine: String { "\(level): \(source): \(message)" }
}

/// A one-line progress bar on stderr, only when stderr is a terminal.
final class ProgressBar {
    private let label: String
    private var shown = -1

    init?(label: String) {
        guard isatty(2) != 0 else { return nil }
        self.label = label
    }

    func update(_ done: Int, of total: Int) {
        let width = 30
        let filled = total > 0 ? done * width / total : width
        guard filled != shown || done == total else { return }
        shown = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        write("\r\(label) [\(bar)] \(done)/\(total) frames")
    }

    func clear() { write("\r\u{1B}[K") }

    func finish() { write("\n") }

    /// Straight to file descriptor 2 (the C `stderr` global is not concurrency-safe in Swift 6).
    private func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
