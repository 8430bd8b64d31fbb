import RefreshPluginRuntime
import RefreshText

/// The rules every registry's entries follow, whether its plugins were
/// learned from scanner children or loaded in this process (LoadedPlugins).
public enum StyleLookup {
    /// A style found after `earlier` (in search order) is loaded unless an
    /// earlier loaded style has its id: the first one on the search path wins.
    public static func status(of descriptor: StyleDescriptor, after earlier: [PluginEntry]) -> PluginStatus {
        let winner = earlier.first { $0.status == .loaded && $0.descriptor?.id == descriptor.id }
        return winner.map { .shadowed(by: $0.file) } ?? .loaded
    }

    /// The loaded style `name` names: an id, or a short name (the id's last
    /// part, or the display name, case-insensitive) that only one style answers to.
    public static func find(_ name: String, in entries: [PluginEntry], searched directories: [SearchDirectory])
        throws(LookupError) -> PluginEntry
    {
        let styles = entries.filter { $0.status == .loaded }
        if let exact = styles.first(where: { $0.descriptor?.id == name }) { return exact }
        let key = name.lowercased()
        let matches = styles.filter {
            guard let d = $0.descriptor else { return false }
            return d.shortName.lowercased() == key || d.name.lowercased() == key
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw LookupError("style '\(name)' is ambiguous: " + matches.compactMap { $0.descriptor?.id }.joined(separator: ", "))
        }
        if let rejected = entries.first(where: { $0.descriptor?.id == name }), case let .rejected(why) = rejected.status {
            throw LookupError("style '\(name)' was rejected: \(why)")
        }
        let known = styles.compactMap { $0.descriptor?.id }
        // Files refused, quarantined or rejected whole carry no ids: the style asked for may be in
        // one of them, so say which and why (the first two; `list` has them all).
        let unreadable = entries.filter { $0.descriptor == nil && $0.status != .loaded }
        var hint = ""
        if !unreadable.isEmpty {
            let named = unreadable.prefix(2).map { entry -> String in
                let name = entry.file.split(separator: "/").last.map(String.init) ?? entry.file
                return "\(name) (\(entry.status.word): \(entry.status.reason ?? ""))"
            }
            let more = unreadable.count > 2 ? " and \(unreadable.count - 2) more" : ""
            hint = "; \(unreadable.count) plugin file\(unreadable.count == 1 ? "" : "s") could not be read: "
                + named.joined(separator: ", ") + more + " (see `refresh-host list`)"
        }
        let names = styles.compactMap(\.descriptor).flatMap { [$0.shortName, $0.id] }
        let near = Suggestion.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw LookupError("no style '\(name)'" + near + (known.isEmpty
            ? " (no plugins found; searched \(directories.map(\.path).joined(separator: ", ")))"
            : "; known: " + known.joined(separator: ", ")) + hint)
    }
}
