#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RefreshPluginRuntime

/// Writes a project's files under its folder and remembers every file and
/// folder it made, so that a failure half way leaves nothing behind.
struct ProjectWriter {
    let root: String
    /// The folder as the user named it, for messages.
    let shownAs: String
    private var madeFolders: [String] = []
    private var madeFiles: [String] = []

    init(root: String, shownAs: String) {
        self.root = root
        self.shownAs = shownAs
    }

    /// Writes every file into `directory` (relative to the current folder
    /// unless absolute), which must be new or empty; on any failure removes
    /// what it made, so a refused scaffold leaves nothing behind. Returns the
    /// folder, absolute and normalised.
    static func writeAll(_ files: [GeneratedFile], into directory: String) throws(ScaffoldError) -> String {
        let folder = FilePaths.normalize(directory.hasPrefix("/") ? directory
            : (FilePaths.currentDirectory() ?? ".") + "/" + directory)
        var writer = ProjectWriter(root: folder, shownAs: directory)
        do {
            try writer.prepareRoot()
            for file in files { try writer.write(file) }
        } catch {
            writer.rollBack()
            throw error
        }
        return folder
    }

    /// The folder must be new, or an empty folder.
    mutating func prepareRoot() throws(ScaffoldError) {
        var info = stat()
        if stat(root, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw ScaffoldError("'\(shownAs)' exists and is not a folder")
            }
            guard Self.isEmptyFolder(root) else {
                throw ScaffoldError("folder '\(shownAs)' exists and is not empty: give a new or empty one with --dir")
            }
            return
        }
        try makeFolder(root)
    }

    mutating func write(_ file: GeneratedFile) throws(ScaffoldError) {
        let path = root + "/" + file.path
        if let slash = path.lastIndex(of: "/") { try makeFolder(String(path[..<slash])) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot write", path) }
        madeFiles.append(path)
        defer { close(fd) }
        var bytes = file.bytes[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw failure("cannot write", path) }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Removes what this writer made, newest first.
    func rollBack() {
        for file in madeFiles.reversed() { unlink(file) }
        for folder in madeFolders.reversed() { rmdir(folder) }
    }

    /// mkdir -p, remembering each folder it had to make.
    private mutating func makeFolder(_ path: String) throws(ScaffoldError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw ScaffoldError("cannot create folder '\(shownAs)': '\(path)' is not a folder") }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try makeFolder(String(path[..<slash])) }
        guard mkdir(path, 0o755) == 0 else { throw failure("cannot create folder", path) }
        madeFolders.append(path)
    }

    /// The system said no (permissions, a full disk, a read-only file system): an output failure.
    private func failure(_ what: String, _ path: String) -> ScaffoldError {
        ScaffoldError("\(what) '\(path)': \(String(cString: strerror(errno)))", kind: .output)
    }

    private static func isEmptyFolder(_ path: String) -> Bool {
        FilePaths.entries(of: path, includingHidden: true)?.isEmpty ?? false
    }
}
