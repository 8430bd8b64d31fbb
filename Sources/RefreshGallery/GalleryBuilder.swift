import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshOutput
import RefreshRender
import RefreshSession
import RefreshWorker

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// Writes the gallery: `index.html` and one animation and still per loaded
/// style, into a folder. Every entry found on the search path gets a card,
/// including the ones that were shadowed, rejected, refused or quarantined,
/// so the page shows what a user's search path really holds. Every file is
/// written beside its target and renamed into place.
public struct GalleryBuilder: Sendable {
    /// `until`, in each: when the card's time is up (monotonic seconds, `MonotonicTime`; infinity for never).
    public typealias Renderer = @Sendable (_ id: String, _ file: String, _ animation: String, _ poster: String,
                                           _ until: Double) throws -> Void
    /// Draws one still (id, library file, PNG path), as `Renderer` does its files.
    public typealias StillRenderer = @Sendable (_ id: String, _ file: String, _ still: String, _ until: Double) throws -> Void
    public typealias Validator = @Sendable (_ file: String, _ id: String, _ until: Double) -> GalleryCard.Conformance

    public var options: RecordingOptions
    /// .webp (default) or .gif.
    public var format: ExportFormat
    /// Shown at the top of the page, e.g. "refresh-host 1.0.0 (plugin ABI 1.0.0)".
    public var generator: String
    /// Validates one style (library file, style id) for its card; nil: no validation.
    public var validate: Validator?
    /// Draws one style (id, library file) into the animation and poster
    /// paths, or throws an error whose description is one sentence saying
    /// why not. The CLI draws each style in a child process, so a plugin that
    /// crashes or hangs costs only its own card.
    public var renderer: Renderer?
    /// Draws a themeable style (ABI 1.3) a second time, in another theme,
    /// for its card; nil: one drawing per style. `secondThemeLabel` says which.
    public var themedRenderer: Renderer?
    /// Draws each style half way through the ending of a failed refresh, for
    /// its card; nil: no such still.
    public var failureRenderer: StillRenderer?
    public var secondThemeLabel = "a second theme"
    /// Wall seconds each card may take, its drawings and its validation together: a style that
    /// hangs costs its card this long at most, however many drawings and checks it has.
    public var cardDeadline = Double.infinity
    /// How many styles are drawn and validated at once (renderer and
    /// validator are called from that many threads). Default: the online cores.
    public var parallelism = GalleryBuilder.onlineCores
    /// Called (from any thread) as each style is done: (id, styles done, styles in all).
    public var onStyleDone: (@Sendable (_ id: String, _ done: Int, _ total: Int) -> Void)?
    /// Called (from any thread) as each style's drawing begins: (id, styles in all).
    public var onStyleStart: (@Sendable (_ id: String, _ total: Int) -> Void)?

    public static var onlineCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    public init(options: RecordingOptions = RecordingOptions(), format: ExportFormat = .webp, generator: String) {
        self.options = options
        self.format = format
        self.generator = generator
    }

    /// The still for readers who ask for reduced motion: the moment `render` shows by default.
    public var posterMoment: Moment { options.gesture.start == .pull ? .threshold : .cycle(1) }

    /// One loaded style to draw: its card and the files it gets.
    struct Job: Sendable {
        var index: Int
        var id: String
        var file: String
        var animation: String
        var poster: String
        /// A themeable style's second drawing: its animation and poster files.
        var themed: (animation: String, poster: String)?
        /// The failure still's file.
        var failure: String?
    }

    /// Draws each loaded entry with `renderer` (required), `parallelism` at a
    /// time, validates it with `validate`, and writes the page into
    /// `directory` (made if missing). Returns the page; a card whose status
    /// `isFailure` means the style could not be drawn (the page is written all
    /// the same).
    @discardableResult
    public func build(_ entries: [PluginEntry], into directory: String) throws -> GalleryPage {
        guard let renderer else { throw RenderError("the gallery needs a renderer to draw styles from a list of entries") }
        let validate = self.validate
        let onStyleDone = self.onStyleDone
        let onStyleStart = self.onStyleStart
        let themedRenderer = self.themedRenderer
        let failureRenderer = self.failureRenderer
        let label = secondThemeLabel
        let cardDeadline = self.cardDeadline
        return try build(entries, into: directory, themed: themedRenderer != nil, failures: failureRenderer != nil) {
            jobs, cards in
            let outcomes = parallelMap(jobs, width: parallelism) { job -> (GalleryCard.Status?, GalleryCard.Conformance?) in
                onStyleStart?(job.id, jobs.count)
                let until = MonotonicTime.seconds() + cardDeadline
                var drawn = Self.draw(job, directory: directory, until: until, with: renderer)
                if drawn.status == nil, let themed = job.themed, let themedRenderer {
                    var second = job
                    (second.animation, second.poster) = themed
                    drawn = Self.draw(second, directory: directory, until: until, with: themedRenderer)
                }
                if drawn.status == nil, let failure = job.failure, let failureRenderer {
                    drawn = Self.draw(job, directory: directory, until: until) { id, file, _, _, until in
                        try failureRenderer(id, file, directory + "/" + failure, until)
                    }
                }
                // A style that hung while drawn is not loaded again: its card says how it hung.
                return (drawn.status, drawn.hung ? nil : validate?(job.file, job.id, until))
            } onEach: { job, done in
                onStyleDone?(job.id, done, jobs.count)
            }
            for (job, outcome) in zip(jobs, outcomes) {
                Self.apply(outcome, of: job, to: &cards)
                if outcome.0 == nil, let themed = job.themed {
                    cards[job.index].themed = GalleryCard.Themed(animation: themed.animation, poster: themed.poster, label: label)
                }
                if outcome.0 == nil { cards[job.index].failureStill = job.failure }
            }
        }
    }

    /// Draws every loaded style of `plugins` in this process, one after
    /// another on this thread (plugins are called on the thread that loaded
    /// them), unless a `renderer` is set. For library users; the CLI draws in
    /// child processes.
    @discardableResult
    public func build(_ plugins: LoadedPlugins, into directory: String) throws -> GalleryPage {
        if renderer != nil { return try build(plugins.registry.entries, into: directory) }
        let validate = self.validate
        return try build(plugins.registry.entries, into: directory) { jobs, cards in
            for (n, job) in jobs.enumerated() {
                onStyleStart?(job.id, jobs.count)
                let drawn = Self.draw(job, directory: directory, until: .infinity) { id, _, animation, poster, _ in
                    let recording = makeRecording(id, plugins: plugins)
                    try AnimationFile.write(recording, to: animation, format: format)
                    try AnimationFile.write(recording, to: poster, format: .png, moment: posterMoment)
                }
                Self.apply((drawn.status, validate?(job.file, job.id, .infinity)), of: job, to: &cards)
                onStyleDone?(job.id, n + 1, jobs.count)
            }
        }
    }

    /// The shared frame: cards for every entry, `drawAll` fills in the loaded
    /// ones, then the page is written.
    private func build(
        _ entries: [PluginEntry], into directory: String, themed: Bool = false, failures: Bool = false,
        drawAll: ([Job], inout [GalleryCard]) throws -> Void
    ) throws -> GalleryPage {
        precondition(format.isAnimated, "the gallery shows animations")
        try Self.makeDirectory(directory)
        let scrubber = PathScrubber(files: entries.map(\.file))
        var cards: [GalleryCard] = []
        var jobs: [Job] = []
        var usedNames: Set<String> = []
        for entry in entries {
            let card = Self.card(for: entry, options: options, scrubber: scrubber)
            if entry.status == .loaded, let d = entry.descriptor {
                let name = Self.fileName(for: d.id, extension: format.rawValue, avoiding: usedNames)
                usedNames.insert(name)
                let poster = Self.fileName(for: d.id, extension: "png", avoiding: usedNames)
                usedNames.insert(poster)
                var job = Job(index: cards.count, id: d.id, file: entry.file, animation: name, poster: poster)
                if failures {
                    let still = Self.fileName(for: d.id + "-failure", extension: "png", avoiding: usedNames)
                    usedNames.insert(still)
                    job.failure = still
                }
                if themed && d.themeable {
                    let second = Self.fileName(for: d.id + "-themed", extension: format.rawValue, avoiding: usedNames)
                    usedNames.insert(second)
                    let still = Self.fileName(for: d.id + "-themed", extension: "png", avoiding: usedNames)
                    usedNames.insert(still)
                    job.themed = (second, still)
                }
                jobs.append(job)
            }
            cards.append(card)
        }
        try drawAll(jobs, &cards)
        for i in cards.indices { cards[i] = scrubber.scrub(cards[i]) }
        let page = GalleryPage(generator: generator, cards: cards)
        do { try AtomicFile.write(page.html(), to: directory + "/index.html") } catch { throw RenderError(error.message) }
        return page
    }

    /// A status nil when drawn; else the card's failure, and whether the style hung. The files are written by the
    /// renderer beside their targets and renamed into place, so a style that
    /// fails part-way leaves no partial file (and any earlier run's file as it was).
    private static func draw(
        _ job: Job, directory: String, until: Double, with renderer: (String, String, String, String, Double) throws -> Void
    ) -> (status: GalleryCard.Status?, hung: Bool) {
        do {
            try renderer(job.id, job.file, directory + "/" + job.animation, directory + "/" + job.poster, until)
            return (nil, false)
        } catch {
            return (.renderFailed("\(error)"), error is HungDrawing)
        }
    }

    private static func apply(
        _ outcome: (GalleryCard.Status?, GalleryCard.Conformance?), of job: Job, to cards: inout [GalleryCard]
    ) {
        if let failure = outcome.0 {
            cards[job.index].status = failure
        } else {
            cards[job.index].animation = job.animation
            cards[job.index].poster = job.poster
        }
        cards[job.index].conformance = outcome.1
    }

    private func makeRecording(_ id: String, plugins: LoadedPlugins) -> Recording {
        let settings = options.sessionSettings()
        return Recording(options) { try LocalSession(plugins: plugins, style: id, settings: settings) }
    }

    static func card(for entry: PluginEntry, options: RecordingOptions, scrubber: PathScrubber) -> GalleryCard {
        let fileName = PathScrubber.lastComponent(entry.file)
        let status: GalleryCard.Status = switch entry.status {
        case .loaded: .loaded
        case let .shadowed(by): .shadowed(by: PathScrubber.lastComponent(by))
        case let .rejected(why): .rejected(why)
        case let .refused(why): .refused(why)
        case let .quarantined(why): .quarantined(why)
        }
        var card = GalleryCard(name: entry.descriptor?.name ?? fileName, file: fileName, status: status,
                               animationWidth: Int(options.width.rounded()),
                               animationHeight: Int(options.height.rounded()))
        card.origin = entry.origin.rawValue
        if let d = entry.descriptor {
            card.id = d.id
            card.version = d.version
            card.vendor = d.vendor
            card.summary = d.summary
            card.height = d.metrics.height
            card.cycleDuration = d.metrics.cycleDuration
            card.layout = "\(d.metrics.presentation), \(d.metrics.anchor) anchor"
        }
        return card
    }

    /// The id with anything but letters, digits, '.', '-' and '_' replaced,
    /// made unique among the page's files.
    static func fileName(for id: String, extension ext: String, avoiding used: Set<String>) -> String {
        var base = String(id.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isASCII && (c.isLetter || c.isNumber)) || c == "." || c == "-" || c == "_" ? c : "_"
        })
        if base.isEmpty || base.hasPrefix(".") { base = "style" + base }
        var name = base + "." + ext
        var n = 2
        while used.contains(name) || name == "index.html" {
            name = "\(base)-\(n).\(ext)"
            n += 1
        }
        return name
    }

    static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw RenderError("--out \(path): exists and is not a folder") }
            return
        }
        guard mkdir(path, 0o755) == 0 else {
            throw RenderError("--out \(path): cannot make the folder: \(String(cString: strerror(errno)))")
        }
    }
}
