import RefreshInstall

#if canImport(Glibc)
import Glibc
#endif

/// The data folder `validate FOLDER` makes for the adapters: a copy of the
/// folder under `<temporary>/refresh-host/styles/`, named by XDG_DATA_HOME
/// while the command runs, removed (and XDG_DATA_HOME restored) after it.
public struct TemporaryDataHome {
    public let root: String
    public var styles: String { root + "/refresh-host/styles" }

    /// Ends the current one, if any: the folder goes and XDG_DATA_HOME is as before.
    public static func end() {
        guard let (root, previous) = Self.current else { return }
        Self.current = nil
        try? FolderTree.remove(root)
        if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
    }

    /// The folder made and the XDG_DATA_HOME it replaced; the CLI is one thread.
    nonisolated(unsafe) private static var current: (String, String?)?

    public static func make(holding folder: StyleFolder) throws -> TemporaryDataHome {
        var template = Array("/tmp/refresh-host-validate-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ValidationSetupError("cannot make a temporary folder in /tmp: \(String(cString: strerror(errno)))", .outputFailed)
        }
        let home = TemporaryDataHome(root: String(cString: made))
        let previous = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        current = (home.root, previous)
        atexit { TemporaryDataHome.end() }
        do {
            try FolderTree.makeFolders(home.styles)
            try FolderTree.copy(folder.path, to: home.styles + "/" + folder.name)
        } catch {
            throw ValidationSetupError(error.description, .notFound)
        }
        setenv("XDG_DATA_HOME", home.root, 1)
        return home
    }
}
