import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender

#if canImport(Glibc)
import Glibc
#endif

/// Writes the gallery: `index.html` and one animation per loaded style, into
/// a folder. Every style found on the search path gets a card, including the
/// ones that were shadowed or rejected, so the page shows what a user's
/// registry really holds.
public struct GalleryBuilder {
    public var options: RecordingOptions
    /// .webp (default) or .gif.
    public var format: ExportFormat
    /// Shown at the top of the page, e.g. "refresh-host 1.0.0 (plugin ABI 1.0.0)".
    public var generator: String
    /// Validates one style (library file, style id) for its card; nil: no validation.
    public var validate: ((_ file: String, _ id: String) -> GalleryCard.Conformance)?
    /// Draws one style (id, library file) into the animation and poster
    /// paths, or throws a RenderError saying why not. nil: draw it in this
    /// process with `options`. The CLI draws each style in a child process,
    /// so a plugin that crashes or hangs costs only its own card.
    public var renderer: ((_ id: String, _ file: String, _ animation: String, _ poster: String) throws -> Void)?

    public init(options: RecordingOptions = RecordingOptions(), format: ExportFormat = .webp, generator: String) {
        self.options = options
        self.format = format
        self.generator = generator
    }

    /// Renders every loaded style of `registry` into `directory` (made if
    /// missing) and writes the page. `progress(style, frame, frames)` is
    /// called as frames are drawn. Returns the page that was written.
    @discardableResult
    public func build(
        _ registry: PluginRegistry, into directory: String,
        progress: ((String, Int, Int) -> Void)? = nil
    ) throws -> GalleryPage {
        precondition(format.isAnimated, "the gallery shows animations")
        try Self.makeDirectory(directory)
        var cards: [GalleryCard] = []
        var usedNames: Set<String> = []
        for entry in registry.entries {
            var card = Self.card(for: entry, options: options)
            if entry.status == .loaded, let d = entry.descriptor {
                let name = Self.fileName(for: d.id, extension: format.rawValue, avoiding: usedNames)
                usedNames.insert(name)
                let poster = Self.fileName(for: d.id, extension: "png", avoiding: usedNames)
                usedNames.insert(poster)
                do {
                    if let renderer {
                        try renderer(d.id, entry.file, directory + "/" + name, directory + "/" + poster)
                    } else {
                        let recording = makeRecording(d.id, registry: registry)
                        try AnimationFile.write(recording, to: directory + "/" + name, format: format) { done, total in
                            progress?(d.id, done, total)
                        }
                        try AnimationFile.write(recording, to: directory + "/" + poster, format: .png,
                                                moment: posterMoment)
                    }
                    card.animation = name
                    card.poster = poster
                } catch {
                    card.status = .renderFailed("\(error)")
                    // No half-written files for a style that crashed part-way.
                    unlink(directory + "/" + name)
                    unlink(directory + "/" + poster)
                }
                card.conformance = validate?(entry.file, d.id)
            }
            cards.append(card)
        }
        let page = GalleryPage(generator: generator, cards: cards)
        try Self.write(page.html(), to: directory + "/index.html")
        return page
    }

    /// The still for readers who ask for reduced motion: the moment `render` shows by default.
    public var posterMoment: Moment { options.gesture.start == .pull ? .threshold : .cycle(1) }

    private func makeRecording(_ id: String, registry: PluginRegistry) -> Recording {
        let log = HostLog()
        return Recording(options) { width, height in
            let tree = LayerTree(timeline: Timeline())
            let animator = try registry.makeAnimator(id, tree: tree, log: log)
            return try RefreshController(animator: animator, tree: tree, viewportWidth: width, viewportHeight: height)
        }
    }

    static func card(for entry: PluginRegistry.Entry, options: RecordingOptions) -> GalleryCard {
        let fileName = String(entry.file.split(separator: "/").last ?? Substring(entry.file))
        let status: GalleryCard.Status = switch entry.status {
        case .loaded: .loaded
        case let .shadowed(by): .shadowed(by: by)
        case let .rejected(why), let .refused(why), let .quarantined(why): .rejected(why)
        }
        var card = GalleryCard(name: entry.descriptor?.name ?? fileName, file: entry.file, status: status,
                               animationWidth: Int(options.width.rounded()),
                               animationHeight: Int(options.height.rounded()))
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

    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else {
            throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw RenderError("\(path): write failed") }
    }
}
