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
