import ArgumentParser
import RefreshDiscovery
import RefreshListing
import RefreshPluginSearch
import RefreshScaffold

struct InfoCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a style's descriptor and where it came from.")

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, a short name such as 'yelp', or a designer's style folder or Lottie file to look at before installing it.", completion: .custom(StyleCompletion.styles)) var style: String
    @Flag(help: "Print JSON (docs/json.md).") var json = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        // A designer's folder or file is looked at where it is (DesignPreviews): resolved first,
        // so the registry below reads it too.
        let preview = PluginSearch.namesPreview(style) ? try plugins.resolve(style) : nil
        let registry = try plugins.registry()
        let entry = try preview ?? PluginSearch.lookup(style, in: registry)
        guard let d = entry.descriptor else { throw CLIError.notFound("style '\(style)' has no descriptor") }
        let shadows = InfoRows.shadows(of: d, in: registry.entries)
        let animations = InfoAnimations(d)
        if json {
            print(animations.adding(to: JSONDocuments.style(d, entry: entry, shadows: shadows)).render())
            return
        }
        var rows = InfoRows.rows(d, entry: entry, shadows: shadows)
        // A preview's plugin is the adapter (bundled, say); the style itself is the file named here.
        if let source = d.source, DesignPreviews.isPreview(source), let at = rows.firstIndex(where: { $0.0 == "found in" }) {
            rows[at].1 = "a preview, not installed (its adapter: \(entry.origin.rawValue))"
        }
        // A dotLottie archive's animations: the adapter plays the first; `new --animation ID` picks another.
        if let row = animations.row, let at = rows.firstIndex(where: { $0.0 == "made from" }) {
            rows.insert(("animations", row), at: at + 1)
        }
        for line in InfoRows.lines(rows) { print(line) }
    }
}
