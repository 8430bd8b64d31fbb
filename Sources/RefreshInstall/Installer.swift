#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Puts a checked style folder in place: copied beside its destination under
/// a hidden name, then renamed in, so the registry never scans half of it;
/// a folder of the same name is replaced only when asked, and only once the
/// copy is whole.
public enum Installer {
    /// Copies `folder` into `root/<its name>`; returns that path.
    @discardableResult
    public static func install(_ folder: StyleFolder, into root: String, replace: Bool) throws(InstallError) -> String {
        try FolderTree.makeFolders(root)
        let destination = root + "/" + folder.name
        var info = stat()
        let exists = lstat(destination, &info) == 0
        if exists && !replace {
            throw InstallError("\(destination) is already installed; --force replaces it", .exists)
        }
        let staging = root + "/.\(folder.name).installing-\(getpid())"
        try FolderTree.remove(staging)
        do {
            try FolderTree.copy(folder.path, to: staging)
        } catch {
            try? FolderTree.remove(staging)
            throw error
        }
        if exists {
            let old = root + "/.\(folder.name).replaced-\(getpid())"
            try FolderTree.remove(old)
            guard rename(destination, old) == 0 else {
                let why = String(cString: strerror(errno))
                try? FolderTree.remove(staging)
                throw InstallError("\(destination): \(why)", .io)
            }
            guard rename(staging, destination) == 0 else {
                let why = String(cString: strerror(errno))
                _ = rename(old, destination)  // put the old one back: nothing lost
                try? FolderTree.remove(staging)
                throw InstallError("\(destination): \(why)", .io)
            }
            try FolderTree.remove(old)
        } else {
            guard rename(staging, destination) == 0 else {
                let why = String(cString: strerror(errno))
                try? FolderTree.remove(staging)
                throw InstallError("\(destination): \(why)", .io)
            }
        }
        return destination
    }

    /// The folder under `root` that holds `path` (its first component below
    /// root), or `path` itself when it lies directly in root; nil when it is
    /// not inside root.
    public static func styleFolder(holding path: String, in root: String) -> String? {
        guard path.hasPrefix(root + "/") else { return nil }
        let rest = path.dropFirst(root.count + 1)
        guard let first = rest.split(separator: "/").first else { return nil }
        return root + "/" + first
    }
}
