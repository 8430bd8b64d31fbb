import RefreshConsole
import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch

/// The styles the bundled adapters make of a designer's folder, where it is
/// not installed: the folder is copied into a temporary data folder
/// (TemporaryDataHome, named by XDG_DATA_HOME, which the scanner children
/// inherit) and the adapters on the search path are scanned with no cache.
/// `validate FOLDER` and `new --from` read it.
public struct DesignerStyles {
    public let home: TemporaryDataHome
    /// The adapter libraries found (the files whose styles name a source).
    public let adapters: [String]
    /// The styles made of the folder, in the adapters' order.
    public let styles: [PluginEntry]
    /// One line per adapter or file that refused it.
    public let refused: [String]

    public static func scan(_ folder: StyleFolder, search: PluginSearch) throws -> DesignerStyles {
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
        return DesignerStyles(home: home, adapters: adapters, styles: mine, refused: refused)
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
