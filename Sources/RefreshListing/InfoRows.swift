import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import RefreshText

/// `info`'s rows for a style: what its descriptor says, what it declares
/// about its lifecycle, and where it came from (and what it shadows).
public enum InfoRows {
    public static func rows(_ d: StyleDescriptor, entry: PluginEntry, shadows: [PluginEntry]) -> [(String, String)] {
        let m = d.metrics
        return [
            ("id", d.id), ("name", d.name), ("version", d.version), ("vendor", d.vendor ?? "-"),
            ("description", d.summary ?? "-"), ("tags", d.tags.isEmpty ? "-" : d.tags.joined(separator: ", ")),
            ("height", "\(format(m.height, decimals: 1)) pt"),
            ("cycle", "\(format(m.cycleDuration, decimals: 3)) s, delay \(format(m.cycleDelay, decimals: 3)) s, \(curveName(m))"),
            ("presentation", m.presentation.description), ("anchor", m.anchor.description),
        ] + InfoLifecycle(descriptor: d).rows + [
            ("file", entry.file), ("made from", d.source ?? "- (code)"), ("found in", entry.origin.rawValue),
            ("plugin ABI", entry.abiVersion?.description ?? "-"),
        ] + d.unsupported.map { ("not drawn", $0) } + shadows.map { ("shadows", $0.file) }
    }

    /// The shadowed entries of the style `d`: the files whose style of the same id lost to it.
    public static func shadows(of d: StyleDescriptor, in entries: [PluginEntry]) -> [PluginEntry] {
        entries.filter {
            if case .shadowed = $0.status { return $0.descriptor?.id == d.id }
            return false
        }
    }

    /// The rows as lines, values aligned after the longest key.
    /// Values come from the plugin and the file system: their control characters are made visible.
    public static func lines(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { key, value in key + String(repeating: " ", count: width - key.count) + "  " + value.terminalSafe }
    }

    /// The cycle's timing curve as `info` writes it.
    public static func curveName(_ m: StyleMetrics) -> String {
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
}
