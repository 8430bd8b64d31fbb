import RefreshCatalog
import RefreshHostLoader

#if canImport(Glibc)
import Glibc
#endif

/// What `validate` says about the plugin's place on the search path: its
/// argument may name an installed style instead of a file, and a style whose
/// id another plugin also has is reported (`list` shows the same as shadowed).
extension ValidateCommand {
    /// The argument as a file: a path as given, or the file of the style an id or short name names.
    func pluginFile(_ argument: String) throws -> (path: String, style: String?) {
        var info = stat()
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".so") || lstat(argument, &info) == 0
        if looksLikePath { return (argument, style) }
        let entry = try plugins.resolve(argument)
        return (entry.file, style ?? entry.descriptor?.id)
    }

    /// One line for each style of `file` whose id another plugin on the search path has too.
    func shadowNotes(file: String) -> [String] {
        guard let catalog = try? plugins.catalog(adding: file) else { return [] }
        let me = Self.identity(file)
        let mine = catalog.entries.filter { Self.identity($0.file) == me }
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
