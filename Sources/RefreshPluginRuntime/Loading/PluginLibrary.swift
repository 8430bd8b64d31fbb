import CCrashReport
import RefreshHostABI
import RefreshText

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A loaded plugin library: its entry, checked, and its styles' descriptors.
///
/// Libraries are opened with RTLD_NOW (every symbol resolved up front, so a
/// missing dependency fails here and not mid-animation), RTLD_LOCAL (every
/// plugin exports the same entry name) and RTLD_NODELETE, and are never
/// closed: unmapping a Swift library leaves the Swift runtime holding its
/// conformance records, and the next dynamic cast in the host would crash.
public final class PluginLibrary {
    public let path: String
    public let abiVersion: ABIVersion
    /// The styles, in the library's order, each as read or with the reason it was refused.
    public let styles: [Result<StyleDescriptor, DescriptorError>]
    /// The data files and folders the descriptors were made from (ABI 1.4's
    /// data_paths), which the registry cache keys on beside the library itself.
    public let dataPaths: [String]
    let entry: UnsafePointer<rh_entry_t>
    let dispatcher: PluginDispatcher

    /// Loads the library at the absolute `path`. Every failure is a LoadError
    /// that names the file and the reason; nothing in the host changes.
    public init(path: String, dispatcher: PluginDispatcher) throws(LoadError) {
        guard path.hasPrefix("/") else { throw LoadError(path, .notAbsolute) }
        // The file gate first: a FIFO, a truncated file or another machine's library never reaches dlopen.
        let canonical: String
        switch FileGate.locate(path) {
        case .missing: throw LoadError(path, .notFound)
        case let .refused(why): throw LoadError(path, .refused(why))
        case let .located(file):
            if let why = FileGate.inspect(file) { throw LoadError(path, .refused(why)) }
            canonical = file.resolved
        }
        dlerror()
        // Marked like a plugin call: a constructor that crashes or hangs is named as such.
        canonical.withCString { rh_crash_enter($0, Self.constructorsCall) }
        let opened = dlopen(canonical, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)
        rh_crash_leave()
        guard let handle = opened else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw LoadError(path, .dlopenFailed(Self.trim(message, path: canonical)))
        }
        guard let symbol = dlsym(handle, RH_ENTRY_SYMBOL) else { throw LoadError(path, .missingEntry) }
        let returned = dispatcher.call(.entry, UnsafeRawPointer(symbol), [], target: path)
        guard let raw = returned.pointerValue else { throw LoadError(path, .nullEntry) }
        let entry = raw.assumingMemoryBound(to: rh_entry_t.self)

        // The version is checked before anything else in the entry is read.
        let version = ABIVersion(entry.pointee.abi_version)
        if let refusal = ABIVersion.host.refusal(of: version) { throw LoadError(path, .abiRefused(refusal)) }
        let size = entry.pointee.struct_size
        guard size >= UInt32(Self.entryMinimum) else { throw LoadError(path, .entryTooSmall(size)) }
        // Only what the plugin's struct_size covers, the rest zero (an older entry is shorter).
        let e = VersionedStruct.read(UnsafePointer(entry), minimum: Self.entryMinimum, sizeAt: 12)!.value
        let reads14 = version.minor >= 4 && VersionedStruct.has(\rh_entry_t.data_paths, in: Int(size))
        guard let countFn = e.style_count else { throw LoadError(path, .missingFunction("style_count")) }
        guard let descriptorFn = e.style_descriptor else { throw LoadError(path, .missingFunction("style_descriptor")) }
        guard e.create != nil else { throw LoadError(path, .missingFunction("create")) }

        if let initFn = e.`init` {
            let ok = canonical.withCString { cPath in
                dispatcher.call(.initialize, unsafeBitCast(initFn, to: UnsafeRawPointer.self),
                                [.string(UInt(bitPattern: cPath), canonical)], target: path).boolValue
            }
            guard ok else { throw LoadError(path, .initFailed) }
        }

        let count = dispatcher.call(.styleCount, unsafeBitCast(countFn, to: UnsafeRawPointer.self), [], target: path)
            .uint32Value
        guard count > 0 else { throw LoadError(path, .noStyles) }
        var styles: [Result<StyleDescriptor, DescriptorError>] = []
        // A library claiming millions of styles is broken; read a sane number.
        for index in 0..<min(count, 256) {
            let result = dispatcher.call(.styleDescriptor, unsafeBitCast(descriptorFn, to: UnsafeRawPointer.self),
                                         [.uint32(index)], target: path)
            guard let p = result.pointerValue else {
                let why = reads14 ? e.style_error.flatMap { Self.styleError($0, index, dispatcher, path) } : nil
                styles.append(.failure(DescriptorError(why ?? "style_descriptor(\(index)) returned NULL")))
                continue
            }
            do {
                styles.append(.success(try StyleDescriptor(reading: p.assumingMemoryBound(to: rh_style_descriptor_t.self),
                                                              pluginMinor: version.minor)))
            } catch {
                styles.append(.failure(DescriptorError("style \(index): \(error.message)")))
            }
        }
        dataPaths = reads14 ? e.data_paths.map { Self.dataPaths($0, dispatcher, path) } ?? [] : []
        self.path = canonical
        self.abiVersion = version
        self.entry = entry
        self.styles = styles
        self.dispatcher = dispatcher
    }

    /// ABI 1.0's rh_entry_t ends where 1.4's appended fields begin.
    static let entryMinimum = MemoryLayout<rh_entry_t>.offset(of: \rh_entry_t.style_error)!

    /// The plugin's reason for a NULL descriptor, made one line of at most RH_REASON_MAX bytes; nil when it gives none.
    private static func styleError(_ fn: @convention(c) (UInt32) -> UnsafePointer<CChar>?, _ index: UInt32,
                                   _ dispatcher: PluginDispatcher, _ path: String) -> String? {
        let returned = dispatcher.call(.styleError, unsafeBitCast(fn, to: UnsafeRawPointer.self), [.uint32(index)], target: path)
        guard let p = returned.pointerValue else { return nil }
        let limit = Int(RH_REASON_MAX)
        let bytes = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: strnlen(p.assumingMemoryBound(to: CChar.self), limit))
        let line = OneLine.make(bytes, limit: limit)
        return line.isEmpty ? nil : line
    }

    /// The absolute paths data_paths lists, at most RH_DATA_PATHS_MAX, each at most 4096 bytes; others are skipped.
    private static func dataPaths(_ fn: @convention(c) () -> UnsafePointer<UnsafePointer<CChar>?>?,
                                  _ dispatcher: PluginDispatcher, _ path: String) -> [String] {
        let returned = dispatcher.call(.dataPaths, unsafeBitCast(fn, to: UnsafeRawPointer.self), [], target: path)
        guard let list = returned.pointerValue?.assumingMemoryBound(to: UnsafePointer<CChar>?.self) else { return [] }
        var paths: [String] = []
        var index = 0
        while index < Int(RH_DATA_PATHS_MAX), let p = list[index] {
            index += 1
            guard strnlen(p, 4097) <= 4096, let text = String(validatingCString: p), text.hasPrefix("/"),
                  !text.hasControlCharacters else { continue }
            paths.append(text)
        }
        return paths
    }

    /// What the crash reporter and the call slot name while dlopen runs the library's constructors.
    public static let constructorsCall = "the library's constructors"

    private var deinitialized = false

    /// Calls the library's deinit, once. The caller has destroyed every
    /// instance first; the library stays mapped (see above).
    public func deinitialize() {
        guard !deinitialized else { return }
        deinitialized = true
        guard let fn = entry.pointee.deinit else { return }
        dispatcher.call(.deinitialize, unsafeBitCast(fn, to: UnsafeRawPointer.self), [], target: path)
    }

    /// The library's style_count function, for measuring the dispatcher against a direct call.
    public var styleCountFunction: UnsafeRawPointer { unsafeBitCast(entry.pointee.style_count!, to: UnsafeRawPointer.self) }

    /// The descriptors that passed their checks.
    public var descriptors: [StyleDescriptor] { styles.compactMap { try? $0.get() } }

    /// dlerror repeats the path; the file is named once already.
    private static func trim(_ message: String, path: String) -> String {
        let prefix = path + ": "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}
