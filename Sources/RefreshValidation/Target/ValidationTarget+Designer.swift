import RefreshConsole
import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch

/// `validate FOLDER` for a designer's style folder (a Lottie file, or frames
/// per state; no code): the folder is copied into a temporary data folder,
/// the bundled adapters are pointed at it (XDG_DATA_HOME, which the checks'
/// child processes inherit), and the style they make of it is validated as
/// any other. A file the adapter refuses is one line naming it and why.
extension ValidationTarget {
    static func designer(_ folder: StyleFolder, style: String?, search: PluginSearch) throws -> ValidationTarget {
        let adapters = try designerAdapters(search)
        guard !adapters.isEmpty else {
            throw ValidationSetupError("\(folder.path): no adapter for designers' files on the search path "
                + "(the bundled Lottie and FrameSequence styles are missing)", .notFound)
        }
        let home = try TemporaryDataHome.make(holding: folder)
        guard let scanner = FilePaths.executablePath() else {
            throw ValidationSetupError("cannot find this executable (/proc/self/exe)", .usage)
        }
        // No registry cache: what an adapter offers depends on the data folder just made.
        let catalog = PluginRegistry(directories: adapters.map { SearchDirectory($0, .option) },
                                    options: PluginRegistry.Options(scanner: scanner, cacheFolder: nil)) { Console.current.warn($0) }
        let mine = catalog.entries.filter { $0.descriptor?.source?.hasPrefix(home.styles + "/") == true }
        let refused = catalog.entries.compactMap { entry -> String? in
            if case let .rejected(why) = entry.status { return why }
            if case let .quarantined(why) = entry.status { return "\(entry.file): \(why)" }
            return nil
        }
        guard refused.isEmpty else { throw ValidationSetupError("\(folder.path): " + refused.joined(separator: "; "), .failure) }
        let ids = mine.compactMap(\.descriptor?.id)
        guard !ids.isEmpty else {
            throw ValidationSetupError("\(folder.path): no adapter made a style of it (a Lottie .json, or frames: refreshing/, "
                + "refreshing.gif ...)", .failure)
        }
        let chosen: PluginEntry
        if let style {
            guard let match = mine.first(where: { $0.descriptor?.id == style || $0.descriptor?.shortName == style }) else {
                throw ValidationSetupError("--style \(style): not a style of \(folder.path) (it has: \(ids.joined(separator: ", ")))", .usage)
            }
            chosen = match
        } else {
            guard mine.count == 1 else {
                throw ValidationSetupError("\(folder.path) makes \(ids.count) styles (\(ids.joined(separator: ", "))): choose one with --style",
                                           .usage)
            }
            chosen = mine[0]
        }
        let id = chosen.descriptor!.id
        let source = chosen.descriptor!.source!.dropFirst(home.styles.count + 1)
        return ValidationTarget(path: chosen.file, style: id, made: "\(folder.path): style \(id), made from \(source) by \(chosen.file)")
    }

    /// The libraries on the search path that make styles from data files (their styles name a source).
    private static func designerAdapters(_ search: PluginSearch) throws -> [String] {
        var files: [String] = []
        for entry in try search.registry().entries where entry.descriptor?.source != nil && !files.contains(entry.file) {
            files.append(entry.file)
        }
        return files
    }
}
