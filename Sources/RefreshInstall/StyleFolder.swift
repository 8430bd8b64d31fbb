#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A folder someone wants to install: a plugin (one or more .so files beside
/// its README and assets) or a designer's style (a Lottie .json, or frames
/// per state) that the bundled adapters turn into a style.
public struct StyleFolder: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The .so files at its top, by name.
        case code([String])
        /// The designer files the adapters read: *.json, and state frames
        /// (refreshing/, refreshing.gif...), by name.
        case designer([String])
    }

    /// The folder, absolute, without a trailing slash.
    public var path: String
    public var kind: Kind
    /// The folder's own name: what it is installed as.
    public var name: String { String(path.split(separator: "/").last ?? "") }

    /// What a frame-sequence style folder holds, as a folder or a file per state.
    public static let states = ["idle", "pulling", "armed", "refreshing", "exit", "success", "failure"]
    static let frameExtensions = [".gif", ".webp", ".png"]

    /// Reads `path` (absolute): a folder whose top holds a .so, a .json, or a state's frames.
    public init(path: String) throws(InstallError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw InstallError("\(path): no such folder", .badFolder) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw InstallError("\(path): not a folder (a style is installed as its folder: a .so or a designer's file with its README)", .badFolder)
        }
        var normalized = path
        while normalized.count > 1, normalized.hasSuffix("/") { normalized.removeLast() }
        self.path = normalized
        let names = (FolderTree.entries(of: normalized) ?? []).sorted()
        let libraries = names.filter { $0.hasSuffix(".so") }
        if !libraries.isEmpty {
            kind = .code(libraries)
            return
        }
        let designs = names.filter { name in
            name.hasSuffix(".json") || name.hasSuffix(".lottie")
                || Self.states.contains(where: { state in
                    name == state || Self.frameExtensions.contains { name == state + $0 }
                })
        }
        guard !designs.isEmpty else {
            throw InstallError("\(normalized): a folder with no plugin (.so) and no designer's file (a Lottie .json, or frames: refreshing/, refreshing.gif ...)", .badFolder)
        }
        kind = .designer(designs)
    }
}
