import Glibc
@testable import RefreshDiscovery
import RefreshPluginRuntime

/// The registry cache as its reader meets it on disk: the input is the whole file,
/// read through RegistryCache.read (the public entry point, whatever the format becomes).
enum RegistryCacheFuzz {
    nonisolated(unsafe) static var scratch: ScratchFile?
    nonisolated(unsafe) static var cache: RegistryCache?

    /// No scanner binary: the header's host line says "scanner ?", as the seed corpus's does.
    static func cache(in folder: String) -> RegistryCache { RegistryCache(folder: folder, scanner: "/nonexistent/refresh-host") }

    static func prepare() {
        let file = ScratchFile(name: "registry.cache")
        scratch = file
        cache = cache(in: file.folder)
    }

    static func run(_ bytes: [UInt8]) {
        scratch!.write(bytes)
        _ = cache!.read()
    }

    /// A valid cache of every outcome kind, for the seed corpus.
    static func seed(descriptors: [StyleDescriptor]) -> [UInt8] {
        let file = ScratchFile(name: "registry.cache")
        let cache = cache(in: file.folder)
        let identity = FileIdentity(device: 1, inode: 2, size: 3, mtimeSeconds: 4, mtimeNanoseconds: 5)
        let records: [String: RegistryCache.Record] = [
            "/p/libA.so": .init(path: "/p/libA.so", identity: identity, outcome: .refused("not a plugin")),
            "/p/libB.so": .init(path: "/p/libB.so", identity: identity, outcome: .quarantined("crashed")),
            "/p/libC.so": .init(path: "/p/libC.so", identity: identity,
                                outcome: .loaded(abi: ABIVersion.host, styles: [.rejected("no id")] + descriptors.map { .descriptor($0) })),
        ]
        let bytes = cache.encode(records)
        file.write(bytes)
        guard case .success = cache.read() else { fatalError("the seed does not read back") }
        return bytes
    }
}
