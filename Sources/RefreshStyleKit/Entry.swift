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
/// out.
public func entry(for styles: [any RefreshStyle.Type]) -> UnsafePointer<rh_entry_t> {
    if let built = StyleLibrary.entry { return built }
    var seen = Set<String>()
    for type in styles {
        let descriptor = type.descriptor
        guard seen.insert(descriptor.id).inserted else { continue }
        StyleLibrary.styles.append(.init(type: type, id: descriptor.id, descriptor: descriptor.makeC()))
    }
    let entry = UnsafeMutablePointer<rh_entry_t>.allocate(capacity: 1)
    entry.initialize(to: rh_entry_t(
        abi_version: rh_version_t(
            major: UInt32(RH_ABI_VERSION_MAJOR), minor: UInt32(RH_ABI_VERSION_MINOR),
            patch: UInt32(RH_ABI_VERSION_PATCH)),
        struct_size: UInt32(MemoryLayout<rh_entry_t>.size),
        init: nil,
        deinit: nil,
        style_count: { UInt32(StyleLibrary.styles.count) },
        style_descriptor: { index in
            let i = Int(index)
            return i < StyleLibrary.styles.count ? StyleLibrary.styles[i].descriptor : nil
        },
        create: { host, id in
            guard let host, let id else { return nil }
            let wanted = String(cString: id)
            guard let style = StyleLibrary.styles.first(where: { $0.id == wanted }) else { return nil }
            return Instance.make(style.type, host: host)
        },
        // A Swift style is code: no data files, and a descriptor is never NULL.
        style_error: nil,
        data_paths: nil))
    StyleLibrary.entry = UnsafePointer(entry)
    return UnsafePointer(entry)
}

/// The styles of this library and their C descriptors.
enum StyleLibrary {
    struct Style {
        let type: any RefreshStyle.Type
        let id: String
        let descriptor: UnsafePointer<rh_style_descriptor_t>
    }

    // nonisolated(unsafe): written once, by the first rh_entry() call, then
    // only read. refresh_host.h guarantees the host calls rh_entry() and every
    // entry function on its main thread, so these are never accessed
    // concurrently. The kit is linked statically into each plugin, so each
    // plugin has its own copy.
    nonisolated(unsafe) static var styles: [Style] = []
    nonisolated(unsafe) static var entry: UnsafePointer<rh_entry_t>?
}
