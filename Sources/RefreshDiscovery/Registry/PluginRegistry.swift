import RefreshPluginRuntime
import RefreshHostController
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every plugin found on the search path, in search order, with what became
/// of each style: loaded, shadowed by an earlier one with the same id, or
/// rejected with the reason.
public final class PluginRegistry {
    public typealias Status = PluginStatus
    public typealias Entry = PluginEntry

    public let directories: [SearchDirectory]
    public let dispatcher: PluginDispatcher
    public private(set) var entries: [Entry] = []
    private var libraries: [String: PluginLibrary] = [:]
    private var closed = false

    /// Scans `directories` in order, loading every `.so` it finds.
    public init(directories: [SearchDirectory], dispatcher: PluginDispatcher = PluginDispatcher()) {
        self.directories = directories
        self.dispatcher = dispatcher
        var seen: Set<String> = []
        for directory in directories {
            for file in SearchPath.pluginFiles(in: directory.path) {
                let key = FilePaths.canonical(file) ?? file
                guard seen.insert(key).inserted else { continue }
                load(file, origin: directory.origin)
            }
        }
    }

    private func load(_ file: String, origin: SearchDirectory.Origin) {
        let library: PluginLibrary
        do {
            library = try PluginLibrary(path: file, dispatcher: dispatcher)
        } catch {
            let status: Status
            if case let .refused(why) = error.reason { status = .refused(why) } else { status = .rejected(error.reasonText) }
            entries.append(Entry(descriptor: nil, file: file, origin: origin, status: status))
            return
        }
        libraries[library.path] = library
        for style in library.styles {
            switch style {
            case let .failure(error):
                entries.append(Entry(descriptor: nil, file: library.path, origin: origin,
                                     status: .rejected(error.message), abiVersion: library.abiVersion))
            case let .success(descriptor):
                entries.append(Entry(descriptor: descriptor, file: library.path, origin: origin,
                                     status: StyleLookup.status(of: descriptor, after: entries),
                                     abiVersion: library.abiVersion))
            }
        }
    }

    /// The loaded styles, in search order.
    public var styles: [Entry] { entries.filter { $0.status == .loaded } }

    /// Finds a loaded style by id, or by a short name (the id's last part,
    /// or the display name, case-insensitive) that only one style answers to.
    public func lookup(_ name: String) throws(LookupError) -> Entry {
        try StyleLookup.find(name, in: entries, searched: directories)
    }

    /// A new instance of the style `name` names, its layers in `tree`.
    /// `pixelScale`: the output's device pixels per point, what pixel_scale tells the style.
    public func makeAnimator(_ name: String, tree: LayerTree, log: HostLog, pixelScale: Double = 1,
                             parameters: [String: ParameterValue] = [:]) throws -> PluginAnimator {
        guard !closed else { throw LookupError("the registry is closed: its libraries were deinitialized") }
        let entry = try lookup(name)
        guard let library = libraries[entry.file], let descriptor = entry.descriptor else {
            throw LookupError("style '\(name)' has no loaded library")
        }
        return try PluginAnimator(library: library, descriptor: descriptor, tree: tree, log: log, pixelScale: pixelScale,
                                  parameters: parameters)
    }

    public func library(at path: String) -> PluginLibrary? { libraries[path] }

    /// Calls every loaded library's deinit, in load order, once. Destroy
    /// every instance first; no instance may be made afterwards.
    public func close() {
        closed = true
        for entry in entries {
            guard let library = libraries[entry.file] else { continue }
            library.deinitialize()
        }
    }
}

/// A style name that does not lead to exactly one loaded style.
public struct LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
