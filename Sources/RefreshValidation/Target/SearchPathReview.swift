import RefreshDiscovery
import RefreshPluginSearch

#if canImport(Glibc)
import Glibc
#endif

/// What `validate` says about the plugin's place on the search path: a style
/// whose id another plugin also has is reported (`list` shows the same as
/// shadowed), and a file the scanner would not offer fails.
public enum SearchPathReview {
    /// The file as the registry's scanner sees it (what `list`, `run` and
    /// `render` use): a result when the scanner would not offer it (it
    /// crashed or hung the scanner, even in a call the checks did not make,
    /// such as deinit), and a note for each style whose id another plugin on
    /// the search path has too.
    public static func review(file: String, search: PluginSearch) -> (verdict: CheckResult?, notes: [String]) {
        guard let catalog = try? search.registry(adding: file) else { return (nil, []) }
        let me = Self.identity(file)
        let mine = catalog.entries.filter { Self.identity($0.file) == me }
        var verdict: CheckResult?
        // Quarantined: it crashed or hung the scanner. A rejection (bad descriptors) or a refusal
        // (the file gate) is already a failure of the checks that own those rules.
        if let entry = mine.last, case let .quarantined(reason) = entry.status {
            verdict = CheckResult(id: "registry.scan", group: "loading", level: 1, status: .failed,
                                  detail: "the registry's scanner \(entry.status.word) it: \(reason)")
            verdict?.expected = "the scanner (list, run, render) loads the file and reads its styles"
            verdict?.actual = "\(entry.status.word): \(reason); `refresh-host list` shows it, and no command will run it"
            verdict?.reproduce = "refresh-host list --rescan --plugin-path \(file)"
        }
        return (verdict, shadowNotes(catalog, me: me, mine: mine))
    }

    private static func shadowNotes(_ catalog: PluginRegistry, me: String, mine: [PluginEntry]) -> [String] {
        var notes: [String] = []
        var seen = Set<String>()
        for id in mine.compactMap({ $0.descriptor?.id }) where seen.insert(id).inserted {
            let others = catalog.entries.filter { $0.descriptor?.id == id && Self.identity($0.file) != me }
            guard !others.isEmpty else { continue }
            let winner = catalog.entries.first { $0.descriptor?.id == id && $0.status == .loaded }
            let names = others.map { "\($0.file) (\($0.origin.rawValue))" }.joined(separator: ", ")
            if let winner, Self.identity(winner.file) == me {
                notes.append("\(id) shadows the style of the same id in \(names): `run \(id)` runs this file")
            } else {
                notes.append("\(id) is shadowed by \(winner?.file ?? names): `run \(id)` runs that file, not this one; "
                    + "give your style an id of its own")
            }
        }
        return notes
    }

    /// The same file whatever the path (a symlink, a relative path): its real path.
    private static func identity(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
