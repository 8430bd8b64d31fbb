#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What `install FOLDER` will do, decided before anything is copied: the
/// style folder it is, the user folder it goes into (plugins, or the
/// adapters' data folder for a designer's files), and what `validate` must pass.
public struct InstallPlan: Sendable {
    public let folder: StyleFolder
    /// The user folder the style folder goes into.
    public let root: String
    public var destination: String { root + "/" + folder.name }

    /// Reads `path` (absolute) as a style folder and picks its user folder; refuses one
    /// already installed unless `replace`. Before `validate` points the adapters elsewhere.
    public init(path: String, replace: Bool, environment: [String: String]) throws(InstallError) {
        folder = try StyleFolder(path: path)
        let root: String?
        switch folder.kind {
        case .code: root = UserFolders.plugins(environment: environment)
        case .designer: root = UserFolders.designs(environment: environment)
        }
        guard let root else { throw InstallError("no home folder: HOME is not set to an absolute path", .noHome) }
        self.root = root
        if !replace, access(destination, F_OK) == 0 {
            throw InstallError("\(destination) is already installed; --force replaces it", .exists)
        }
    }

    /// What `validate` checks before the copy: every .so of a plugin folder, or the designer's folder.
    public var targets: [String] {
        if case let .code(libraries) = folder.kind { return libraries.map { folder.path + "/" + $0 } }
        return [folder.path]
    }

    /// Copies the folder in place; returns where it went. Past the checks, any failure
    /// is the copy's (5), even a file that changed into a link meanwhile.
    public func install(replace: Bool) throws(InstallError) -> String {
        do {
            return try Installer.install(folder, into: root, replace: replace)
        } catch where error.kind == .exists {
            throw error
        } catch {
            throw InstallError(error.description, .io)
        }
    }

    /// Whether a style from `file` (made from `source` when a designer's) lives in `destination`.
    public static func holds(_ destination: String, file: String, source: String?) -> Bool {
        file.hasPrefix(destination + "/") || source?.hasPrefix(destination + "/") == true
    }
}
