#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a file must be before any loader sees it. dlopen maps whatever it is
/// given: a FIFO blocks it forever, a truncated library dies of SIGBUS when
/// the loader touches a page past the end, and a library for another machine
/// comes back as errno's "No such file or directory". The gate looks first,
/// with stat and a few bounded preads, and says in one line what is wrong.
///
/// The checks, in order:
/// - the path resolves (symbolic links followed) to a regular file;
/// - StrictModes, as ssh has it: neither the file nor any folder from it up
///   to / is world-writable (a sticky folder such as /tmp is fine: nobody
///   else can replace what is in it), and each is owned by this user or
///   root. Group-writable is allowed: Debian's user-private groups make it common.
/// - its headers: ELF magic, 64-bit, little-endian, this host's machine, a
///   shared object (not an executable), and every header table and loadable
///   segment inside the file.
public enum FileGate {
    /// A file that passed the stat-level checks: where it really is, and which version of it.
    public struct Located: Equatable, Sendable {
        /// The path as given.
        public var path: String
        /// The canonical path of the file it resolves to.
        public var resolved: String
        public var identity: FileIdentity
        /// Whether `path` itself is a symbolic link (refusals then name the target).
        public var isLink: Bool

        public init(path: String, resolved: String, identity: FileIdentity, isLink: Bool) {
            self.path = path
            self.resolved = resolved
            self.identity = identity
            self.isLink = isLink
        }
    }

    public enum Location: Equatable, Sendable {
        case located(Located)
        case refused(String)
        /// Nothing at the path at all (not even a dangling link).
        case missing
    }

    /// Why `path` must not be loaded, or nil when it may be.
    public static func check(_ path: String) -> String? {
        switch locate(path) {
        case .missing: "no such file"
        case let .refused(why): why
        case let .located(file): inspect(file)
        }
    }

    /// What `locate` learned about folders, for the next file in the same ones:
    /// a search path of 200 plugins then costs about one lstat per file.
    public final class Memo {
        var canonical: [String: String] = [:]
        /// Folder -> the problem with it or a folder above it, "" for none.
        var verdicts: [String: String] = [:]
        /// The last answers again: a folder's files come one after another,
        /// and comparing a path is cheaper than hashing it.
        var lastCanonical: (folder: String, canonical: String?)?
        var lastVerdict: (folder: String, verdict: String)?
        public init() {}
    }

    /// The stat-level checks: the file's type, owner and mode, and those of its folders.
    /// Reads nothing from the file, so it is cheap enough for every command.
    /// `linkStat`: the lstat of `path` when the caller has just taken it (relative to its
    /// folder, which spares the kernel walking the folders again for each file).
    public static func locate(_ path: String, memo: Memo = Memo(), linkStat: stat? = nil) -> Location {
        var link = stat()
        if let linkStat {
            link = linkStat
        } else {
            guard lstat(path, &link) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .refused(statFailure(errno)) }
        }
        let isLink = (link.st_mode & S_IFMT) == S_IFLNK
        let resolved: String
        var info = link
        var resolvedFolder: String?
        if !isLink, let last = memo.lastCanonical, last.canonical == last.folder, isDirectlyInside(path, last.folder) {
            // The last file's folder, already canonical: the path is where the file is (no strings made).
            resolved = path
            resolvedFolder = last.folder
        } else if !isLink, case let (folderOfPath, name) = split(path), path.hasPrefix("/"), name != ".", name != "..",
                  let folder = canonicalFolder(folderOfPath, memo) {
            // Not a link itself: only its folders can resolve elsewhere, and lstat was its stat.
            resolved = folder == folderOfPath ? path : (folder == "/" ? "" : folder) + "/" + name
            resolvedFolder = folder
        } else {
            guard let canonical = FilePaths.canonical(path) else {
                let saved = errno
                // The target as the link names it, made absolute so the message stands alone.
                let target = isLink ? readLink(path).map {
                    $0.hasPrefix("/") || !path.hasPrefix("/") ? $0 : FilePaths.normalize(parent(of: path) + "/" + $0)
                } : nil
                switch saved {
                case ELOOP: return .refused("a symbolic link loop (it points to \(target ?? "?"))")
                case ENOENT where isLink: return .refused("a symbolic link to \(target ?? "?"), which does not exist")
                default: return .refused(statFailure(saved))
                }
            }
            resolved = canonical
            guard stat(resolved, &info) == 0 else { return .refused(statFailure(errno)) }
        }
        func refuse(_ why: String) -> Location { .refused(isLink ? "a symbolic link to \(resolved), \(why)" : why) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return refuse(kind(info.st_mode) + ", not a regular file") }
        if let problem = permissionProblem(info, isFolder: false) { return refuse(problem) }
        // The folders of the target, and of the link itself: either could have it swapped.
        if let problem = folderProblem(resolvedFolder ?? parent(of: resolved), memo) { return refuse(problem) }
        if isLink, let linkFolder = canonicalFolder(parent(of: path.hasPrefix("/") ? path : "./" + path), memo),
           let problem = folderProblem(linkFolder, memo) {
            return refuse(problem)
        }
        return .located(Located(path: path, resolved: resolved, identity: FileIdentity(info), isLink: isLink))
    }

    /// `locate`'s answer for a file directly in `folder` (absolute, not "/") when
    /// its lstat `link` settles it alone: the identity of a regular file, not a
    /// link, with a good mode and owner, in a folder that is its own canonical
    /// path and passes the folder checks, which `locate` reports as located where
    /// it was found (resolved == path). nil when `locate` must look further (and
    /// word a refusal). Makes no string: a warm walk asks this of every file.
    public static func plainIdentity(_ link: stat, directlyIn folder: String, memo: Memo) -> FileIdentity? {
        guard (link.st_mode & S_IFMT) == S_IFREG, permissionProblem(link, isFolder: false) == nil,
              canonicalFolder(folder, memo) == folder, folderProblem(folder, memo) == nil
        else { return nil }
        return FileIdentity(link)
    }

    private static func canonicalFolder(_ folder: String, _ memo: Memo) -> String? {
        if let last = memo.lastCanonical, last.folder == folder { return last.canonical }
        let canonical: String?
        if let known = memo.canonical[folder] {
            canonical = known
        } else {
            canonical = FilePaths.canonical(folder)
            memo.canonical[folder] = canonical
        }
        memo.lastCanonical = (folder, canonical)
        return canonical
    }

    /// Whether `path` is `folder` (absolute, not "/"), a "/", then a name that is
    /// neither "." nor ".." and holds no "/": compared as bytes.
    static func isDirectlyInside(_ path: String, _ folder: String) -> Bool {
        var path = path, folder = folder
        return path.withUTF8 { p in
            folder.withUTF8 { f in
                guard f.count > 1, f[0] == UInt8(ascii: "/"), p.count > f.count + 1, p[f.count] == UInt8(ascii: "/"),
                      memcmp(p.baseAddress!, f.baseAddress!, f.count) == 0
                else { return false }
                let name = UnsafeBufferPointer(rebasing: p[(f.count + 1)...])
                if name.contains(UInt8(ascii: "/")) { return false }
                let dot = UInt8(ascii: ".")
                return !(name.count == 1 && name[0] == dot) && !(name.count == 2 && name[0] == dot && name[1] == dot)
            }
        }
    }

    /// "its folder /x is world-writable ..." for the canonical `folder` or one above it, or nil.
    private static func folderProblem(_ folder: String, _ memo: Memo) -> String? {
        if let last = memo.lastVerdict, last.folder == folder { return last.verdict.isEmpty ? nil : last.verdict }
        if let known = memo.verdicts[folder] {
            memo.lastVerdict = (folder, known)
            return known.isEmpty ? nil : known
        }
        var info = stat()
        let verdict: String
        if stat(folder, &info) != 0 {
            verdict = "its folder \(folder) cannot be examined"
        } else if let problem = permissionProblem(info, isFolder: true) {
            verdict = "its folder \(folder) is \(problem)"
        } else {
            verdict = folder == "/" ? "" : folderProblem(parent(of: folder), memo) ?? ""
        }
        memo.verdicts[folder] = verdict
        memo.lastVerdict = (folder, verdict)
        return verdict.isEmpty ? nil : verdict
    }

    /// The header checks of a located file, the reason worded for `file.path`.
    public static func inspect(_ file: Located) -> String? {
        headerProblem(file).map { describe($0, for: file) }
    }

    /// The header checks of a located file, the reason about the file it resolves
    /// to (what a cache keyed by that file keeps): opened without following
    /// links and without blocking (should it have become a FIFO since), read with pread.
    public static func headerProblem(_ file: Located) -> String? {
        let fd = open(file.resolved, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return errno == EACCES ? "not readable by you (permission denied)" : statFailure(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              FileIdentity(info).device == file.identity.device, FileIdentity(info).inode == file.identity.inode
        else { return "changed while it was being checked" }
        return ELFHeaders.problem(fd: fd, size: Int64(info.st_size))
    }

    /// A reason about the resolved file, worded for the path as given: a link names its target.
    public static func describe(_ reason: String, for file: Located) -> String {
        file.isLink ? "a symbolic link to \(file.resolved), \(reason)" : reason
    }

    /// "world-writable (mode 0666)" or "owned by user nobody (uid 65534), ..." or nil.
    static func permissionProblem(_ info: stat, isFolder: Bool) -> String? {
        let mode = info.st_mode & 0o7777
        // A sticky world-writable folder (/tmp) lets nobody replace another user's file.
        if mode & S_IWOTH != 0, !(isFolder && mode & S_ISVTX != 0) {
            return "world-writable (mode 0\(String(mode, radix: 8))): anyone could replace the plugin"
        }
        if info.st_uid != 0, info.st_uid != user {
            return "owned by \(userName(info.st_uid)), not by you or root"
        }
        return nil
    }

    /// This process's user, asked once (a walk checks a thousand files' owners).
    private static let user = getuid()

    /// "user nobody (uid 65534)", or "uid 1234" when the user has no name.
    static func userName(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 1024)
        if getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, let found = result, let name = found.pointee.pw_name {
            return "user \(String(cString: name)) (uid \(uid))"
        }
        return "uid \(uid)"
    }

    /// The file type of `mode`, as people name it.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a file"
        }
    }

    /// A stat or open failure other than "missing", in words (never errno's guess at what the file is).
    static func statFailure(_ code: Int32) -> String {
        switch code {
        case EACCES: "cannot be examined: a folder on its path is not searchable by you (permission denied)"
        case ENAMETOOLONG: "the path is too long"
        case ELOOP: "a symbolic link loop"
        default: "cannot be examined (\(String(cString: strerror(code))))"
        }
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder holding `path` ("/" for "/x"); `path` has no trailing slash.
    static func parent(of path: String) -> String {
        split(path).parent
    }

    /// A path's folder ("." without a slash, "/" for the root's files) and its last component
    /// (the whole path without a slash), cut at the last "/" in the UTF-8 bytes: a warm `list`
    /// of a thousand files does this three thousand times, and the String index search was
    /// most of the gate's own cost.
    static func split(_ path: String) -> (parent: String, name: String) {
        var path = path
        return path.withUTF8 { bytes in
            var slash = bytes.count - 1
            while slash >= 0, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
            guard slash >= 0 else { return (".", String(decoding: bytes, as: UTF8.self)) }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)
            return (slash == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self), name)
        }
    }
}
