import RefreshHostABI

/// The library's entry for the given styles: what the plugin's one export
/// returns.
///
///     @c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> {
///         RefreshStyleKit.entry(for: [MyStyle.self])
///     }
///
/// Built on the first call and returned unchanged afterwards (later calls'
/// arguments are ignored). A style whose id repeats an earlier one is left
/// out. With a `catalog` (ABI 1.4), the styles its data makes follow the
/// types', read when the host loads the library; the library must then
/// still offer at least one style, or entry, for the host to load it.
public func entry(for styles: [any RefreshStyle.Type], catalog: (any StyleCatalog.Type)? = nil)
    -> UnsafePointer<rh_entry_t>
{
    if let built = StyleLibrary.entry { return built }
    for type in styles {
        StyleLibrary.add(.init(descriptor: type.descriptor, wantsTick: type.wantsTick) { type.init(host: $0) })
    }
    StyleLibrary.catalog = catalog
    let entry = UnsafeMutablePointer<rh_entry_t>.allocate(capacity: 1)
    entry.initialize(to: rh_entry_t(
        abi_version: rh_version_t(
            major: UInt32(RH_ABI_VERSION_MAJOR), minor: UInt32(RH_ABI_VERSION_MINOR),
            patch: UInt32(RH_ABI_VERSION_PATCH)),
        struct_size: UInt32(MemoryLayout<rh_entry_t>.size),
        init: catalog == nil ? nil : { path in
            StyleLibrary.load(libraryPath: path.map { String(cString: $0) } ?? "")
            return true
        },
        deinit: nil,
        style_count: { UInt32(StyleLibrary.styles.count) },
        style_descriptor: { index in
            let i = Int(index)
            return i < StyleLibrary.styles.count ? StyleLibrary.styles[i].descriptor : nil
        },
        create: { host, id in
            guard let host, let id else { return nil }
            let wanted = String(cString: id)
            guard let style = StyleLibrary.styles.first(where: { $0.id == wanted && $0.make != nil }),
                  let make = style.make else { return nil }
            return Instance.make(make, wantsTick: style.wantsTick, host: host)
        },
        // A style the catalog could not make has a NULL descriptor and this reason.
        style_error: { index in
            let i = Int(index)
            return i < StyleLibrary.styles.count ? StyleLibrary.styles[i].error : nil
        },
        data_paths: { StyleLibrary.dataPaths }))
    StyleLibrary.entry = UnsafePointer(entry)
    return UnsafePointer(entry)
}

/// The styles of this library and their C descriptors.
enum StyleLibrary {
    struct Style {
        let id: String?
        /// NULL for data that makes no style; then `error` says why.
        let descriptor: UnsafePointer<rh_style_descriptor_t>?
        let error: UnsafePointer<CChar>?
        let wantsTick: Bool
        let make: ((StyleHost) -> any RunningStyle)?

        init(descriptor: StyleDescriptor, source: String? = nil, wantsTick: Bool,
             make: @escaping (StyleHost) -> any RunningStyle) {
            id = descriptor.id
            self.descriptor = descriptor.makeC(source: source)
            error = nil
            self.wantsTick = wantsTick
            self.make = make
        }

        init(unavailable reason: String) {
            id = nil
            descriptor = nil
            error = permanentCString(reason)
            wantsTick = false
            make = nil
        }
    }

    // nonisolated(unsafe): written by the first rh_entry() call and by
    // init(), then only read. refresh_host.h guarantees the host calls
    // rh_entry() and every entry function on its main thread, so these are
    // never accessed concurrently. The kit is linked statically into each
    // plugin, so each plugin has its own copy.
    nonisolated(unsafe) static var styles: [Style] = []
    nonisolated(unsafe) static var entry: UnsafePointer<rh_entry_t>?
    nonisolated(unsafe) static var catalog: (any StyleCatalog.Type)?
    nonisolated(unsafe) static var dataPaths: UnsafePointer<UnsafePointer<CChar>?>?

    /// Adds a style unless its id is taken.
    static func add(_ style: Style) {
        guard style.id == nil || !styles.contains(where: { $0.id == style.id }) else { return }
        styles.append(style)
    }

    /// The catalog's styles, after the types' (init, called once).
    static func load(libraryPath: String) {
        guard let catalog else { return }
        let found = catalog.load(libraryPath: libraryPath)
        for item in found.entries {
            switch item {
            case let .style(s) where styles.contains { $0.id == s.descriptor.id }:
                add(.init(unavailable: "\(s.source ?? s.descriptor.id): the id \(s.descriptor.id) is already used by another style of this library"))
            case let .style(s):
                add(.init(descriptor: s.descriptor, source: s.source, wantsTick: s.wantsTick, make: s.make))
            case let .unavailable(reason):
                add(.init(unavailable: reason))
            }
        }
        let paths = found.dataPaths.prefix(Int(RH_DATA_PATHS_MAX))
        let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: paths.count + 1)
        for (i, path) in paths.enumerated() { (list + i).initialize(to: permanentCString(path)) }
        (list + paths.count).initialize(to: nil)
        dataPaths = UnsafePointer(list)
    }
}
