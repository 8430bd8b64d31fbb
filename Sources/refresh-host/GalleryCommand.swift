import ArgumentParser
import RefreshGallery
import RefreshRender

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static HTML page showing every style on the plugin search path, animated.",
        discussion: """
            The folder gets index.html and one animation per loaded style (the same run as 'render'). \
            The page needs no server and no network: open index.html in a browser. Styles that were \
            shadowed or rejected get a card too, with the reason.
            """)

    @OptionGroup var plugins: PluginOptions
    @Option(help: ArgumentHelp("The folder to write (made if missing).", valueName: "dir")) var out: String
    @Option(help: ArgumentHelp("Animation format: webp or gif.", valueName: "format")) var format = "webp"
    @OptionGroup var scenario: GestureOptions
    @Option(help: ArgumentHelp("Frames per second (a GIF plays at most 50).", valueName: "n")) var fps = 30.0
    @Option(help: ArgumentHelp("Device pixels per point: 1, 2 or 3.", valueName: "n")) var scale = 2

    func run() throws {
        guard let kind = ExportFormat(rawValue: format.lowercased()), kind.isAnimated else {
            throw CLIError("--format \(format): expected webp or gif")
        }
        if !(fps.isFinite && fps >= 1 && fps <= 120) { throw CLIError("--fps \(fps): must be between 1 and 120") }
        if kind == .gif, fps > ExportFormat.gifMaxFPS {
            throw CLIError("--fps \(fps): a GIF plays at most \(Int(ExportFormat.gifMaxFPS)) frames per second")
        }
        if ![1, 2, 3].contains(scale) { throw CLIError("--scale \(scale): must be 1, 2 or 3") }

        var options = RecordingOptions()
        options.gesture = scenario.gesture
        options.fps = fps
        options.exitDeadline = scenario.exitDeadline
        options.width = scenario.viewport.width
        options.height = scenario.viewport.height
        options.scale = Double(scale)

        let registry = try plugins.registry()
        defer { registry.close() }
        let builder = GalleryBuilder(options: options, format: kind,
                                     generator: "refresh-host \(RefreshHostCommand.configuration.version)")
        var bar: ProgressBar?
        var current = ""
        let page: GalleryPage
        do {
            page = try builder.build(registry, into: out) { style, done, total in
                if style != current {
                    bar?.finish()
                    bar = ProgressBar(label: style)
                    current = style
                }
                bar?.update(done, of: total)
            }
        } catch {
            bar?.clear()
            throw (error as? RenderError).map { CLIError($0.description) } ?? error
        }
        bar?.finish()
        let rendered = page.cards.filter { $0.animation != nil }.count
        print("\(out)/index.html: \(page.cards.count) card(s), \(rendered) animation(s)")
        for card in page.cards where card.status != .loaded {
            print("  \(card.id ?? card.file): \(card.status)")
        }
    }
}
