import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An output rendered from the catalog (`list --json`'s bytes), kept beside
/// the registry cache with everything it was rendered from, so that a warm
/// command that finds nothing changed writes it again without reading the
/// registry cache or rendering a thousand entries (issue 27: a warm list
/// within 1.2x of an empty path).
///
/// It is trusted only while all of these are as they were: the host and its
/// context (RegistryCache.host: ABI, the scanner binary's identity, the
/// designers' folders), the search path's folders, every file on it as the
/// file gate found it (path, canonical path, identity with ctime, or the
/// gate's refusal), the registry cache file itself (its identity: every
/// write renames a new file over it), and each data file the styles were
/// made from. An output is kept only from a run the registry answered wholly
/// from a cache it did not rewrite, and never while a file changed within
/// RegistryCache.recentWindow (its identity alone cannot vouch for it then).
///
/// The file: a magic line; the head (in the worker wire's encoding, after
/// its length): the inputs' digest (InputsDigest), the data files, the
/// folders' listings (FolderListing: what the next walk may use instead of
/// reading a folder again) and the output's length; the
/// checksum of all that as 16 hex digits and a newline; the output. Written
/// to a temporary file, fsynced and renamed over, so a reader sees a whole
/// file; a file of the wrong size or with a bad head is only a miss.
public struct CatalogOutputCache {
    static let magic = Array("refresh-host catalog output 3\n".utf8)
    /// Beyond this the output is not kept (a path of a million plugins is not the case to speed up).
    static let maxFile = 64 << 20

    public let file: String
    let host: String
    let registryFile: String

    /// `name`: which output (`list-json`); `registry`: the registry cache the catalog is read through.
    public init(name: String, registry: RegistryCache) {
        file = registry.folder + "/" + name + ".cache"
        host = registry.host
        registryFile = registry.file
    }

    /// What an output depends on that one walk of the path can tell, with the
    /// registry cache's identity now; nil when a file changed too recently.
    public func inputs(of walk: PathWalk) -> [UInt8]? {
        guard !walk.hasRecentFile else { return nil }
        return Self.inputs(walk, host: host, registry: FileIdentity.of(registryFile))
    }

    /// The inputs' digest (InputsDigest): 16 bytes.
    static func inputs(_ walk: PathWalk, host: String, registry: FileIdentity?) -> [UInt8] {
        var d = InputsDigest()
        func identity(_ i: FileIdentity) {
            d.word(i.device)
            d.word(i.inode)
            d.word(UInt64(bitPattern: i.size))
            d.word(UInt64(bitPattern: i.mtimeSeconds))
            d.word(UInt64(bitPattern: i.mtimeNanoseconds))
            d.word(UInt64(bitPattern: i.ctimeSeconds))
            d.word(UInt64(bitPattern: i.ctimeNanoseconds))
        }
        d.string(host)
        d.word(UInt64(walk.directories.count))
        for directory in walk.directories {
            d.string(directory.path)
            d.string(directory.origin.rawValue)
        }
        // The walk as it keeps it: each folder's path once, then per file its name below it and
        // its identity, or the gate's whole answer (InputsDigest: every field after its length).
        d.word(UInt64(walk.folders.count))
        for folder in walk.folders {
            d.string(folder.base ?? "")
            d.string(folder.directory.path)
            d.string(folder.directory.origin.rawValue)
            d.word(UInt64(folder.found.count))
            for (i, found) in folder.found.enumerated() {
                switch found {
                case .missing:
                    d.word(0)
                case let .plain(file):
                    d.word(1)
                    d.string(folder.relative[i])
                    identity(file)
                case let .item(box):
                    switch box.item {
                    case let .refused(file, _, reason):
                        d.word(2)
                        d.string(file)
                        d.string(reason)
                    case let .located(file, _):
                        d.word(3)
                        d.string(file.path)
                        d.string(file.resolved)
                        d.word(file.isLink ? 1 : 0)
                        identity(file.identity)
                    }
                }
            }
        }
        d.word(registry == nil ? 0 : 1)
        if let registry { identity(registry) }
        return d.bytes
    }

    /// A kept output that its file no longer holds whole (someone cut it while it was being read).
    public struct CutShort: Error, CustomStringConvertible {
        public let file: String
        public var description: String { "\(file): cut short while it was being read; run the command again" }
    }

    /// A kept output's head, read before the path is walked: its folder
    /// listings spare the walk reading folders that have not changed. Valid
    /// only inside the `withKept` call that lends it (the file stays open, so
    /// the output written is the one this head describes).
    public struct Kept {
        let fd: Int32
        let inputs: [UInt8]
        let dataFiles: [DataFile]
        public let listings: [FolderListing]
        let offset: Int
        let length: Int
    }

    /// `body` with the kept output's head, or nil when there is none whole (no file, another
    /// format, a damaged head, a file of the wrong size).
    public func withKept<R>(_ body: (Kept?) throws -> R) rethrows -> R {
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return try body(nil) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= Self.maxFile else { return try body(nil) }
        return try body(Self.head(in: fd, size: Int(info.st_size)))
    }

    /// Hands the output kept for exactly `inputs` to `sink`, in pieces, and
    /// returns true; false, having handed nothing, when `kept` is for other
    /// inputs or a data file changed.
    public func write(_ kept: Kept, for inputs: [UInt8], now: Int64, to sink: (ArraySlice<UInt8>) throws -> Void) throws -> Bool {
        guard kept.inputs == inputs else { return false }
        for data in kept.dataFiles {
            let current = DataFile.current(data.path).identity
            guard current == data.identity, !(current.map { RegistryCache.isRecent($0, now: now) } ?? false) else { return false }
        }
        // The output itself in pieces: no buffer the size of a thousand entries to fault in.
        var buffer = [UInt8](repeating: 0, count: min(kept.length, 1 << 16))
        var offset = kept.offset
        while offset < kept.offset + kept.length {
            let want = min(buffer.count, kept.offset + kept.length - offset)
            let n = buffer.withUnsafeMutableBytes { pread(kept.fd, $0.baseAddress!, want, off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CutShort(file: file) }
            try sink(buffer[..<n])
            offset += n
        }
        return true
    }

    /// The head of the file `fd` (of `size` bytes), when it is whole and the output's length matches the file's.
    static func head(in fd: Int32, size: Int) -> Kept? {
        let trailer = 17
        func bytes(at offset: Int, _ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count <= size else { return nil }
            let read = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = count == 0 ? 0 : max(pread(fd, buffer.baseAddress!, count, off_t(offset)), 0)
            }
            return read.count == count ? read : nil
        }
        let fixed = magic.count + 4
        guard let start = bytes(at: 0, fixed), start.starts(with: magic) else { return nil }
        let headLength = start.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self))) }
        guard let rest = bytes(at: fixed, headLength + trailer) else { return nil }
        let whole = start + rest
        let checked = fixed + headLength
        guard whole.last == 0x0A, Array(RecordFormat.checksum(whole[..<checked]).utf8) == Array(whole[checked..<(whole.count - 1)]) else {
            return nil
        }
        var r = WireReader(Array(whole[fixed..<checked]))
        do throws(WireError) {
            let inputs = Array(try r.raw(try r.count(max: 64, of: "inputs")))
            let dataFiles = try (0..<r.count(max: 1 << 20, of: "data files")).map { _ throws(WireError) in
                try DataFile(from: &r, maxPath: 1 << 16)
            }
            let listings = try (0..<r.count(max: 1 << 16, of: "folders")).map { _ throws(WireError) in
                try FolderListing(from: &r)
            }
            let length = Int(truncatingIfNeeded: try r.u64())
            guard r.isAtEnd, length >= 0, length == size - whole.count else { return nil }
            return Kept(fd: fd, inputs: inputs, dataFiles: dataFiles, listings: listings, offset: whole.count, length: length)
        } catch {
            return nil
        }
    }

    /// Keeps `output` for what `registry` was built from, when the run allows it (see the type's comment).
    public func store(_ output: [UInt8], inputs: [UInt8], walk: PathWalk, registry: PluginRegistry) {
        guard let read = registry.readCache, !registry.wroteCache, registry.scannedCount == 0,
              FileIdentity.of(registryFile) == read,
              // The inputs were taken before the registry read its cache: the same file, or nothing is kept.
              inputs == Self.inputs(walk, host: host, registry: read),
              !registry.dataFiles.contains(where: { $0.identity.map { RegistryCache.isRecent($0, now: walk.now) } ?? false })
        else { return }
        var head = WireWriter(capacity: inputs.count + 64)
        head.u32(UInt32(inputs.count))
        head.raw(inputs)
        head.u32(UInt32(registry.dataFiles.count))
        for file in registry.dataFiles { file.encode(into: &head) }
        head.u32(UInt32(walk.listings.count))
        for listing in walk.listings { listing.encode(into: &head) }
        head.u64(UInt64(output.count))
        guard head.bytes.count + output.count <= Self.maxFile else { return }
        var w = WireWriter(capacity: Self.magic.count + head.bytes.count + output.count + 32)
        w.raw(Self.magic)
        w.u32(UInt32(head.bytes.count))
        w.raw(head.bytes)
        let checksum = RecordFormat.checksum(w.bytes[...])
        w.raw(Array(checksum.utf8) + [0x0A])
        w.raw(output)
        write(w.bytes)
    }

    /// A temporary file beside it, renamed over it; a failure only loses the speed-up.
    private func write(_ bytes: [UInt8]) {
        removeLeftovers()
        let temporary = file + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        // The checksum vouches for the head only (reading the output twice would cost what
        // the cache saves): the output is on the disk before the name is.
        let synced = done == bytes.count && fsync(fd) == 0
        let ok = close(fd) == 0 && synced
        if !ok || rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// Temporary files of writers killed before their rename (their process is gone).
    private func removeLeftovers() {
        let folder = String(file[..<file.lastIndex(of: "/")!])
        let prefix = String(file[file.index(after: file.lastIndex(of: "/")!)...]) + "."
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), name.hasSuffix(".tmp"),
                  let pid = Int32(name.dropFirst(prefix.count).dropLast(4)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder + "/" + name)
        }
    }
}
