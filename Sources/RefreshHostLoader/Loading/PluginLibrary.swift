import CCrashReport
import RefreshHostABI

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
        guard size >= UInt32(MemoryLayout<rh_entry_t>.size) else { throw LoadError(path, .entryTooSmall(size)) }
        let e = entry.pointee
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
                styles.append(.failure(DescriptorError("style_descriptor(\(index)) returned NULL")))
                continue
            }
            do {
                styles.append(.success(try StyleDescriptor(reading: p.assumingMemoryBound(to: rh_style_descriptor_t.self),
                                                              pluginMinor: version.minor)))
            } catch {
                styles.append(.failure(DescriptorError("style \(index): \(error.message)")))
            }
        }
        self.path = canonical
        self.abiVersion = version
        self.entry = entry
        self.styles = styles
        self.dispatcher = dispatcher
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
