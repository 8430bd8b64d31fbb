import RefreshPluginRuntime
import RefreshWorker

/// A file's identity in the worker protocol's encoding: seven 8-byte fields,
/// the same in a scan's reply (OutcomeWire) and in the registry cache
/// (CacheRecordCoding), so the two cannot drift apart.
extension FileIdentity {
    func encode(into w: inout WireWriter) {
        // One append of the seven fields (a warm list encodes a thousand of these).
        let fields = (device.littleEndian, inode.littleEndian, UInt64(bitPattern: size).littleEndian,
                      UInt64(bitPattern: mtimeSeconds).littleEndian, UInt64(bitPattern: mtimeNanoseconds).littleEndian,
                      UInt64(bitPattern: ctimeSeconds).littleEndian, UInt64(bitPattern: ctimeNanoseconds).littleEndian)
        withUnsafeBytes(of: fields) { w.raw($0) }
    }

    init(from r: inout WireReader) throws(WireError) {
        self.init(device: try r.u64(), inode: try r.u64(), size: Int64(bitPattern: try r.u64()),
                  mtimeSeconds: Int64(bitPattern: try r.u64()), mtimeNanoseconds: Int64(bitPattern: try r.u64()),
                  ctimeSeconds: Int64(bitPattern: try r.u64()), ctimeNanoseconds: Int64(bitPattern: try r.u64()))
    }
}

/// A style's data file the same way: its path, then its identity when it has one.
extension DataFile {
    func encode(into w: inout WireWriter) {
        w.string(path)
        w.bool(identity != nil)
        identity?.encode(into: &w)
    }

    init(from r: inout WireReader, maxPath: Int) throws(WireError) {
        let path = try r.string(max: maxPath)
        self.init(path: path, identity: try r.bool() ? try FileIdentity(from: &r) : nil)
    }
}

/// A folder's listing the same way (CatalogOutputCache keeps them): its path
/// and identity, its files, then its other names. A listing read back must
/// name only what a read of the folder could have named: a file as "NAME.so"
/// or, in a style folder it lists, "FOLDER/NAME.so", no hidden or empty part.
extension FolderListing {
    /// The listing alone in this encoding (what tests and the fuzzer read back).
    public var wireBytes: [UInt8] {
        var w = WireWriter(capacity: 64)
        encode(into: &w)
        return w.bytes
    }

    /// A listing from `wireBytes`; WireError for anything else, or for trailing bytes.
    public init(wireBytes: [UInt8]) throws(WireError) {
        var r = WireReader(wireBytes)
        try self.init(from: &r)
        guard r.isAtEnd else { throw WireError("a folder listing with bytes after it") }
    }

    func encode(into w: inout WireWriter) {
        w.string(path)
        identity.encode(into: &w)
        w.u32(UInt32(files.count))
        for file in files { w.string(file) }
        w.u32(UInt32(others.count))
        for other in others {
            w.string(other.name)
            w.bool(other.folder != nil)
            other.folder?.encode(into: &w)
        }
    }

    init(from r: inout WireReader) throws(WireError) {
        let path = try r.string(max: 1 << 16)
        let identity = try FileIdentity(from: &r)
        let files = try (0..<r.count(max: 1 << 20, of: "files")).map { _ throws(WireError) in try r.string(max: 1 << 13) }
        let others = try (0..<r.count(max: 1 << 20, of: "names")).map { _ throws(WireError) in
            Other(name: try r.string(max: 1 << 12), folder: try r.bool() ? try FileIdentity(from: &r) : nil)
        }
        let styleFolders = Set(others.filter { $0.folder != nil }.map(\.name))
        guard path.hasPrefix("/"), others.allSatisfy({ Self.nameParts($0.name) == .one }),
              files.allSatisfy({ file in
                  switch Self.nameParts(file) {
                  case .one: file.hasSuffix(".so")
                  case let .two(folder): file.hasSuffix(".so") && styleFolders.contains(folder)
                  case .neither: false
                  }
              })
        else { throw WireError("a folder listing names what no folder read could") }
        self.init(path: path, identity: identity, files: files, others: others)
    }
}

extension FolderListing {
    enum NameParts: Equatable {
        case one
        /// "FOLDER/NAME": the folder.
        case two(String)
        case neither
    }

    /// Whether `name` is one name or two joined by a "/", each neither empty nor hidden:
    /// looked at as bytes (a thousand names are checked on every warm list).
    static func nameParts(_ name: String) -> NameParts {
        var name = name
        return name.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard let first = bytes.first, first != dot, first != slash, bytes.last != slash else { return .neither }
            guard let cut = bytes.firstIndex(of: slash) else { return .one }
            guard bytes[cut + 1] != dot, !bytes[(cut + 1)...].contains(slash) else { return .neither }
            return .two(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self))
        }
    }
}
