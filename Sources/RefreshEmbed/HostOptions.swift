import RefreshEmbedABI
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshSession

/// rhe_host_options_t, read and checked: what a host keeps of the caller's options.
struct HostOptions {
    /// nil: the CLI's search path.
    var searchPaths: [String]?
    var isolation = SessionSettings.Isolation.worker
    var budget = 2.0
    var workerExecutable: String?
    var log: rhe_log_fn?
    var logUserData: UnsafeMutableRawPointer?
    var logLevel = HostLog.Level.debug

    init(_ pointer: UnsafePointer<rhe_host_options_t>?) throws(EmbedError) {
        guard let pointer else { return }
        let o = try StructSize.read(pointer, "options", minimum: MemoryLayout<rhe_host_options_t>.size)
        if o.search_path_count > 0 {
            guard o.search_path_count <= 4096 else { throw .range("search_path_count \(o.search_path_count) is over 4096") }
            guard let list = o.search_paths else { throw .invalid("search_paths is NULL with a count of \(o.search_path_count)") }
            searchPaths = try (0..<o.search_path_count).map { i throws(EmbedError) in
                guard let path = list[i] else { throw .invalid("search_paths[\(i)] is NULL") }
                return String(cString: path)
            }
        }
        isolation = try Self.isolation(o.isolation, default: .worker, "isolation")
        if o.budget != 0 {
            guard o.budget.isFinite, o.budget > 0, o.budget <= 60 else { throw .range("budget \(o.budget) is not in (0, 60] seconds") }
            budget = o.budget
        }
        workerExecutable = o.worker_executable.map { String(cString: $0) }
        log = o.log
        logUserData = o.log_user_data
        guard let level = HostLog.Level(rawValue: o.log_level) else { throw .invalid("log_level \(o.log_level) is not an rhe_log_level_t") }
        logLevel = level
    }

    static func isolation(_ value: rhe_isolation_t, default fallback: SessionSettings.Isolation, _ what: String)
        throws(EmbedError) -> SessionSettings.Isolation
    {
        switch Int(value) {
        case RHE_ISOLATION_DEFAULT: fallback
        case RHE_ISOLATION_WORKER: .worker
        case RHE_ISOLATION_IN_PROCESS: .inProcess
        default: throw .invalid("\(what) \(value) is not an rhe_isolation_t")
        }
    }
}

/// struct_size, the first field of every struct that crosses the API.
enum StructSize {
    /// A copy of the caller's struct: the fields inside its struct_size, zero (the defaults) past it.
    static func read<T>(_ pointer: UnsafePointer<T>, _ what: String, minimum: Int) throws(EmbedError) -> T {
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= minimum else {
            throw .invalid("\(what)->struct_size \(size) is smaller than the 1.0 struct (\(minimum) bytes); set it with RHE_INIT")
        }
        guard size < MemoryLayout<T>.size else { return pointer.pointee }
        // An older, smaller struct: what it has, the rest zero.
        let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { copy.deallocate() }
        copy.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        copy.copyMemory(from: pointer, byteCount: size)
        return copy.load(as: T.self)
    }

    /// The caller's struct_size for an output struct, checked; the library writes only that much.
    static func writable<T>(_ pointer: UnsafeMutablePointer<T>?, _ what: String, minimum: Int) throws(EmbedError) -> Int {
        guard let pointer else { throw .invalid("\(what) is NULL") }
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= minimum else {
            throw .invalid("\(what)->struct_size \(size) is smaller than the 1.0 struct (\(minimum) bytes); set it with RHE_INIT")
        }
        return min(size, MemoryLayout<T>.size)
    }

    /// Writes `value` over the first `size` bytes of the caller's struct, struct_size kept as the caller set it.
    static func write<T>(_ value: T, to pointer: UnsafeMutablePointer<T>, size: Int) {
        var value = value
        withUnsafeBytes(of: &value) { bytes in
            // Bytes 0..<4 are struct_size: the caller's, unchanged.
            UnsafeMutableRawPointer(pointer).advanced(by: 4).copyMemory(from: bytes.baseAddress! + 4, byteCount: size - 4)
        }
    }
}
