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
    @OptionGroup var frames: FrameOptions

    func run() throws {
        guard let kind = ExportFormat(rawValue: format.lowercased()), kind.isAnimated else {
            throw CLIError("--format \(format): expected webp or gif")
        }
        try frames.check(for: kind)
        let options = frames.recording(scenario)

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
