import ArgumentParser
import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import RefreshText

struct InfoCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a style's descriptor and where it came from.")

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.", completion: .custom(StyleCompletion.styles)) var style: String
    @Flag(help: "Print JSON (docs/json.md).") var json = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        let registry = try plugins.catalog()
        let entry: PluginEntry
        do { entry = try registry.lookup(style) } catch { throw CLIError.notFound(error.description) }
        guard let d = entry.descriptor else { throw CLIError.notFound("style '\(style)' has no descriptor") }
        let m = d.metrics
        let shadows = registry.entries.filter {
            if case .shadowed = $0.status { return $0.descriptor?.id == d.id }
            return false
        }
        if json {
            print(JSONDocuments.style(d, entry: entry, shadows: shadows).render())
            return
        }
        let rows: [(String, String)] = [
            ("id", d.id), ("name", d.name), ("version", d.version), ("vendor", d.vendor ?? "-"),
            ("description", d.summary ?? "-"), ("tags", d.tags.isEmpty ? "-" : d.tags.joined(separator: ", ")),
            ("height", "\(format(m.height, decimals: 1)) pt"),
            ("cycle", "\(format(m.cycleDuration, decimals: 3)) s, delay \(format(m.cycleDelay, decimals: 3)) s, \(curveName(m))"),
            ("presentation", m.presentation.description), ("anchor", m.anchor.description),
        ] + InfoLifecycle(descriptor: d).rows + [
            ("file", entry.file), ("made from", d.source ?? "- (code)"), ("found in", entry.origin.rawValue),
            ("plugin ABI", entry.abiVersion?.description ?? "-"),
        ] + shadows.map { ("shadows", $0.file) }
        let width = rows.map(\.0.count).max() ?? 0
        for (key, value) in rows {
            print(key + String(repeating: " ", count: width - key.count) + "  " + value)
        }
    }
}

func curveName(_ m: StyleMetrics) -> String {
    switch m.cycleCurve {
    case .linear: "linear"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .easeInOut: "ease-in-out"
    case .keyframes: "keyframes"
    case let .spring(damping, velocity):
        "spring (damping \(format(damping, decimals: 2)), velocity \(format(velocity, decimals: 2)))"
    case let .cubicBezier(x1, y1, x2, y2): "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    case let .steps(n, jumpStart): "steps(\(n), \(jumpStart ? "jump-start" : "jump-end"))"
    }
}
