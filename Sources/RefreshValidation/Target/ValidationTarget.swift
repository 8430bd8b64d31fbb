import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch

#if canImport(Glibc)
import Glibc
#endif

/// What a `validate` argument names, as the file to check: a path as given,
/// a style folder (its one .so, or the style an adapter makes of a
/// designer's files), or the id or short name of a style on the search path.
public struct ValidationTarget: Equatable, Sendable {
    /// The plugin file, absolute and normalized.
    public var path: String
    /// The style to check in it, when one was chosen (--style, an id, a designer's folder).
    public var style: String?
    /// For a designer's folder: the line saying which style an adapter made of it.
    public var made: String?

    public init(path: String, style: String? = nil, made: String? = nil) {
        self.path = path
        self.style = style
        self.made = made
    }

    /// `argument` as a file to validate; `style` is --style. `search` finds ids and the adapters.
    public static func locate(_ argument: String, style: String?, search: PluginSearch) throws -> ValidationTarget {
        var target = try file(argument, style: style, search: search)
        var absolute = target.path
        if !absolute.hasPrefix("/") {
            guard let cwd = FilePaths.currentDirectory() else {
                throw ValidationSetupError("\(absolute): cannot resolve the current directory", .usage)
            }
            absolute = cwd + "/" + absolute
        }
        target.path = FilePaths.normalize(absolute)
        return target
    }

    private static func file(_ argument: String, style: String?, search: PluginSearch) throws -> ValidationTarget {
        var info = stat()
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".so") || lstat(argument, &info) == 0
        if looksLikePath, stat(argument, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            // A style folder: its one .so, or the style an adapter makes of a designer's files.
            let absolute = FilePaths.normalize(argument.hasPrefix("/") ? argument : (FilePaths.currentDirectory() ?? "") + "/" + argument)
            let folder: StyleFolder
            do { folder = try StyleFolder(path: absolute) } catch { throw ValidationSetupError(error.description, .notFound) }
            switch folder.kind {
            case let .code(libraries):
                guard libraries.count == 1 else {
                    throw ValidationSetupError("\(argument) holds \(libraries.count) plugins (\(libraries.joined(separator: ", "))): "
                        + "validate one .so at a time", .usage)
                }
                return ValidationTarget(path: folder.path + "/" + libraries[0], style: style)
            case .designer:
                return try designer(folder, style: style, search: search)
            }
        }
        if looksLikePath, (info.st_mode & S_IFMT) == S_IFREG, DesignPreviews.isDesign(argument) {
            // A Lottie file on its own: the adapter reads it where it is (DesignPreviews).
            let entry: PluginEntry
            do { entry = try search.resolve(argument) } catch { throw ValidationSetupError("\(error)", .failure) }
            guard let id = entry.descriptor?.id else { throw ValidationSetupError("\(argument): no style made of it", .failure) }
            return ValidationTarget(path: entry.file, style: id, made: "\(argument): style \(id), made by \(entry.file)")
        }
        if looksLikePath { return ValidationTarget(path: argument, style: style) }
        let entry = try search.resolve(argument)
        return ValidationTarget(path: entry.file, style: style ?? entry.descriptor?.id)
    }
}
