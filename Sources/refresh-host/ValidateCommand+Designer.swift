import RefreshDiscovery
import RefreshPluginRuntime
import RefreshInstall

#if canImport(Glibc)
import Glibc
#endif

/// `validate FOLDER` for a designer's style folder (a Lottie file, or frames
/// per state; no code): the folder is copied into a temporary data folder,
/// the bundled adapters are pointed at it (XDG_DATA_HOME, which the checks'
/// child processes inherit), and the style they make of it is validated as
/// any other. A file the adapter refuses is one line naming it and why.
extension ValidateCommand {
    func designerTarget(_ folder: StyleFolder) throws -> (path: String, style: String?) {
        let adapters = try designerAdapters()
        guard !adapters.isEmpty else {
            throw CLIError.notFound("\(folder.path): no adapter for designers' files on the search path (the bundled Lottie and FrameSequence styles are missing)")
        }
        let home = try TemporaryDataHome.make(holding: folder)
        guard let scanner = FilePaths.executablePath() else { throw CLIError.usage("cannot find this executable (/proc/self/exe)") }
        // No registry cache: what an adapter offers depends on the data folder just made.
        let catalog = PluginRegistry(directories: adapters.map { SearchDirectory($0, .option) },
                                    options: PluginRegistry.Options(scanner: scanner, cacheFolder: nil)) { Console.current.warn($0) }
        let mine = catalog.entries.filter { $0.descriptor?.source?.hasPrefix(home.styles + "/") == true }
        let refused = catalog.entries.compactMap { entry -> String? in
            if case let .rejected(why) = entry.status { return why }
            if case let .quarantined(why) = entry.status { return "\(entry.file): \(why)" }
            return nil
        }
        guard refused.isEmpty else { throw CLIError("\(folder.path): " + refused.joined(separator: "; ")) }
        let ids = mine.compactMap(\.descriptor?.id)
        guard !ids.isEmpty else {
            throw CLIError("\(folder.path): no adapter made a style of it (a Lottie .json, or frames: refreshing/, refreshing.gif ...)")
        }
        let chosen: PluginEntry
        if let style {
            guard let match = mine.first(where: { $0.descriptor?.id == style || $0.descriptor?.shortName == style }) else {
                throw CLIError.usage("--style \(style): not a style of \(folder.path) (it has: \(ids.joined(separator: ", ")))")
            }
            chosen = match
        } else {
            guard mine.count == 1 else {
                throw CLIError.usage("\(folder.path) makes \(ids.count) styles (\(ids.joined(separator: ", "))): choose one with --style")
            }
            chosen = mine[0]
        }
        let id = chosen.descriptor!.id
        let source = chosen.descriptor!.source!.dropFirst(home.styles.count + 1)
        if !json { print("\(folder.path): style \(id), made from \(source) by \(chosen.file)") }
        return (chosen.file, id)
    }

    /// The libraries on the search path that make styles from data files (their styles name a source).
    private func designerAdapters() throws -> [String] {
        var files: [String] = []
        for entry in try plugins.catalog().entries where entry.descriptor?.source != nil && !files.contains(entry.file) {
            files.append(entry.file)
        }
        return files
    }
}

/// The data folder `validate FOLDER` makes for the adapters: a copy of the
/// folder under `<temporary>/refresh-host/styles/`, named by XDG_DATA_HOME
/// while the command runs, removed (and XDG_DATA_HOME restored) after it.
struct TemporaryDataHome {
    let root: String
    var styles: String { root + "/refresh-host/styles" }

    /// Ends the current one, if any: the folder goes and XDG_DATA_HOME is as before.
    static func end() {
        guard let (root, previous) = Self.current else { return }
        Self.current = nil
        try? FolderTree.remove(root)
        if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
    }

    /// The folder made and the XDG_DATA_HOME it replaced; the CLI is one thread.
    nonisolated(unsafe) private static var current: (String, String?)?

    static func make(holding folder: StyleFolder) throws -> TemporaryDataHome {
        var template = Array("/tmp/refresh-host-validate-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CLIError.output("cannot make a temporary folder in /tmp: \(String(cString: strerror(errno)))")
        }
        let home = TemporaryDataHome(root: String(cString: made))
        let previous = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        current = (home.root, previous)
        atexit { TemporaryDataHome.end() }
        do {
            try FolderTree.makeFolders(home.styles)
            try FolderTree.copy(folder.path, to: home.styles + "/" + folder.name)
        } catch {
            throw CLIError.notFound(error.description)
        }
        setenv("XDG_DATA_HOME", home.root, 1)
        return home
    }
}
