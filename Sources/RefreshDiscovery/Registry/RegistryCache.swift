import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the host knows about plugin files without loading them again:
/// `<folder>/registry.cache`, one record per file (its canonical path, the
/// identity of the version that was scanned, and the outcome), in binary
/// (`CacheRecordCoding`) between a text header and a text end line. A record is
/// trusted only while the file's identity (device, inode, size, mtime and
/// ctime) is unchanged. A file changed less than `recentWindow` before it
/// was looked at could change again within the same tick of the file
/// system's clock and keep its identity, so its record also holds a digest
/// of the content taken before the scan, and is trusted only while the
/// content still matches it (see `isRecent`).
///
/// The header names the format and the host that wrote it (ABI, and the
/// scanner binary's identity), so a different host never trusts it. The
/// file ends with the number of records and a checksum, so a cut or edited
/// cache is noticed. Writes go to a temporary file in the same folder, are
/// fsynced and renamed over the cache (then the folder is fsynced), so
/// readers (who take no lock) always see a whole file, and a writer killed
/// at any point leaves the previous cache and at most its temporary file,
/// which the next writer removes; writers hold `registry.lock` while they
/// read, merge and write, so two commands at once keep each other's records.
public struct RegistryCache {
    public struct Record: Equatable, Sendable {
        public var path: String
        public var identity: FileIdentity
        public var outcome: ScanOutcome
        /// The content's digest, for a file changed just before it was
        /// looked at (`isRecent`): the record holds only while it matches.
        public var digest: String?

        public init(path: String, identity: FileIdentity, outcome: ScanOutcome, digest: String? = nil) {
            self.path = path
            self.identity = identity
            self.outcome = outcome
            self.digest = digest
        }

        /// Whether the record answers for `file` as it is now: the same
        /// identity and, for a recent file, the same content.
        public func holds(for file: String, identity now: FileIdentity) -> Bool {
            identity == now && (digest == nil || digest == RegistryCache.digest(of: file))
        }
    }

    /// 2: identities with the ctime, and digests for recent files.
    /// 3: the same records in binary (a warm command decodes them several times faster).
    public static let format = "3"
    static let magic = "refresh-host registry cache"

    public let folder: String
    /// Who is writing: records from a different host are not trusted.
    public let host: String

    public var file: String { folder + "/registry.cache" }
    var lockFile: String { folder + "/registry.lock" }

    /// `folder` must exist; `scanner` is the binary scanner children run (its identity goes in the header).
    /// `context`: what the descriptors depend on beyond the files (see PluginRegistry.Options.context).
    public init(folder: String, scanner: String, context: String = "") {
        self.folder = folder
        let identity = FileIdentity.of(scanner)
        host = "abi \(ABIVersion.host) scanner \(identity.map { "\($0.size) \($0.mtimeSeconds).\($0.mtimeNanoseconds)" } ?? "?")"
            + (context.isEmpty ? "" : " " + context)
    }

    /// The folder for the cache: `$XDG_CACHE_HOME/refresh-host`, else
    /// `$HOME/.cache/refresh-host`, made (0700) when missing; nil when there is
    /// no usable one. Only those two levels are made: never a missing home.
    public static func folder(environment: [String: String]) -> String? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = FilePaths.normalize(xdg)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = FilePaths.normalize(home) + "/.cache"
        } else {
            return nil
        }
        let folder = (base == "/" ? "" : base) + "/refresh-host"
        for dir in [base, folder] {
            var info = stat()
            if stat(dir, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
                continue
            }
            guard mkdir(dir, 0o700) == 0 || errno == EEXIST else { return nil }
        }
        guard access(folder, W_OK | X_OK) == 0 else { return nil }
        return folder
    }

    /// Why the cache could not be read.
    public enum ReadError: Error, Equatable, Sendable {
        /// There is none yet, or another host wrote it: rebuild quietly.
        case absent
        /// It is damaged: say so once, then rebuild.
        case unreadable(String)
    }

    /// The records, keyed by canonical path.
    public func read() -> Result<[String: Record], ReadError> {
        var identity: FileIdentity?
        return read(identity: &identity)
    }

    /// The same, and the identity of the file they were read from (a later
    /// write renames another file over it, so the identity changes).
    public func read(identity: inout FileIdentity?) -> Result<[String: Record], ReadError> {
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(errno == ENOENT ? .absent : .unreadable("cannot open it: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        guard info.st_size < 64 << 20 else { return .failure(.unreadable("larger than 64 MiB")) }
        identity = FileIdentity(info)
        // Uninitialised until read fills it (a warm list reads this file every time).
        let (bytes, error) = FileBytes.read(fd, upTo: Int(info.st_size))
        guard error == nil, bytes.count == Int(info.st_size) else { return .failure(.unreadable("cut short while reading")) }
        return parse(bytes)
    }

    /// The header's three `key=value` lines, the records in binary and a newline, then
    /// "end=<records> <checksum of everything before it>".
    func parse(_ bytes: [UInt8]) -> Result<[String: Record], ReadError> {
        // The last line vouches for the rest (the records before it may hold any byte, newlines too).
        guard bytes.last == 0x0A, let endStart = bytes.dropLast().lastIndex(of: 0x0A).map({ $0 + 1 }) else {
            return .failure(bytes.isEmpty ? .unreadable("empty") : .unreadable("cut short"))
        }
        // The header: three lines from the start (the end line may be among them in a cut file).
        var header: [RecordFormat.Field] = []
        var start = 0
        while header.count < 3, start < bytes.count, let newline = bytes[start...].firstIndex(of: 0x0A) {
            guard let fields = RecordFormat.decode(Array(bytes[start...newline])), let field = fields.first else {
                return .failure(.unreadable("not key=value lines"))
            }
            header.append(field)
            start = newline + 1
        }
        guard header.first.map({ $0.key == "magic" && $0.value == Self.magic }) == true else {
            return .failure(.unreadable("not a registry cache"))
        }
        guard header.count == 3, header[1].key == "format", header[2].key == "host", start < endStart else {
            return .failure(.unreadable("no header"))
        }
        // Another format or another host: not damage, just not ours to trust.
        guard header[1].value == Self.format, header[2].value == host else { return .failure(.absent) }
        guard let end = RecordFormat.decode(Array(bytes[endStart...])), end.count == 1, end[0].key == "end" else {
            return .failure(.unreadable("cut short"))
        }
        let endParts = end[0].value.split(separator: " ")
        guard endParts.count == 2, let count = Int(endParts[0]),
              endParts[1] == RecordFormat.checksum(bytes[..<endStart])
        else { return .failure(.unreadable("checksum mismatch")) }
        var records: [String: Record] = [:]
        records.reserveCapacity(min(count, 1 << 16))
        var reader = WireReader(Array(bytes[start..<(endStart - 1)]))
        do {
            for _ in 0..<count {
                let record = try CacheRecordCoding.record(&reader)
                records[record.path] = record
            }
        } catch {
            return .failure(.unreadable("a malformed record (\(error.description))"))
        }
        guard reader.isAtEnd else { return .failure(.unreadable("more than the \(count) records the end names")) }
        guard records.count == count else { return .failure(.unreadable("\(records.count) records, the end says \(count)")) }
        return .success(records)
    }

    func encode(_ records: [String: Record]) -> [UInt8] {
        var bytes = Array(RecordFormat.encode([("magic", Self.magic), ("format", Self.format), ("host", host)]).utf8)
        var writer = WireWriter(capacity: records.count * 512)
        for path in records.keys.sorted() { CacheRecordCoding.encode(records[path]!, into: &writer) }
        bytes += writer.bytes
        bytes.append(0x0A)
        bytes += Array(RecordFormat.encode([("end", "\(records.count) \(RecordFormat.checksum(bytes[...]))")]).utf8)
        return bytes
    }

    /// `FileIdentity.encoded`'s seven numbers, read without building substrings (a warm list reads hundreds).
    static func identity(_ text: String) -> FileIdentity? {
        var numbers: [Int64] = []
        numbers.reserveCapacity(7)
        var device: UInt64 = 0, inode: UInt64 = 0
        var current: UInt64 = 0, digits = 0, negative = false
        func finish() -> Bool {
            guard digits > 0 else { return false }
            switch numbers.count {
            case 0: device = current
            case 1: inode = current
            default:
                guard current <= UInt64(Int64.max) else { return false }
                numbers.append(negative ? -Int64(current) : Int64(current))
                current = 0; digits = 0; negative = false
                return true
            }
            numbers.append(0)
            current = 0; digits = 0; negative = false
            return true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times, overflow1) = current.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                current = sum
                digits += 1
            case UInt8(ascii: "-") where digits == 0 && !negative && numbers.count >= 2:
                negative = true
            case UInt8(ascii: " "):
                guard finish() else { return nil }
            default:
                return nil
            }
        }
        guard finish(), numbers.count == 7 else { return nil }
        return FileIdentity(device: device, inode: inode, size: numbers[2], mtimeSeconds: numbers[3], mtimeNanoseconds: numbers[4],
                            ctimeSeconds: numbers[5], ctimeNanoseconds: numbers[6])
    }

    /// Under the lock: reads the cache as it is now (another command may have
    /// written it since we read it), lays over it the `updates` that are
    /// still about the file as it is (an update for a version replaced since
    /// would never be trusted, and must not displace another command's record
    /// of the new version), drops records of files that are gone or changed,
    /// and replaces the cache atomically. Returns false when it could not
    /// (the cache is only an optimisation).
    @discardableResult
    public func merge(_ updates: [String: Record]) -> Bool {
        let lock = open(lockFile, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { return false }
        defer { close(lock) }  // closing releases the lock
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return false }
        }
        removeLeftovers()
        var records = (try? read().get()) ?? [:]
        for (path, record) in updates where FileIdentity.of(path) == record.identity { records[path] = record }
        for (path, record) in records where FileIdentity.of(path) != record.identity {
            records[path] = nil
        }
        return write(encode(records))
    }

    /// Temporary files of writers that died before their rename: every writer
    /// holds the lock while its file exists, so under the lock any is a leftover.
    private func removeLeftovers() {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("registry.cache."), name.hasSuffix(".tmp") { unlink(folder + "/" + name) }
        }
    }

    /// A temporary file in the same folder, fsynced, renamed over the cache.
    private func write(_ bytes: [UInt8]) -> Bool {
        let temporary = file + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return false }
        var done = 0
        var ok = true
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { ok = false; break }
            done += n
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        // The rename itself is durable once the folder is synced.
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
        return true
    }
}
