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
            for file in Self.pluginFiles(in: directory.path) {
                let key = canonicalPath(file) ?? file
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
            entries.append(Entry(descriptor: nil, file: file, origin: origin, status: .rejected(error.reasonText)))
            return
        }
        libraries[library.path] = library
        for style in library.styles {
            switch style {
            case let .failure(error):
                entries.append(Entry(descriptor: nil, file: library.path, origin: origin,
                                     status: .rejected(error.message), abiVersion: library.abiVersion))
            case let .success(descriptor):
                let winner = entries.first { $0.status == .loaded && $0.descriptor?.id == descriptor.id }
                let status: Status = winner.map { .shadowed(by: $0.file) } ?? .loaded
                entries.append(Entry(descriptor: descriptor, file: library.path, origin: origin, status: status,
                                     abiVersion: library.abiVersion))
            }
        }
    }

    /// The `.so` files of a folder in name order, or the path itself when it is a file.
    static func pluginFiles(in path: String) -> [String] {
        guard let dir = opendir(path) else {
            return path.hasSuffix(".so") && access(path, F_OK) == 0 ? [path] : []
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".so"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { path == "/" ? "/" + $0 : path + "/" + $0 }
    }

    /// The loaded styles, in search order.
    public var styles: [Entry] { entries.filter { $0.status == .loaded } }

    /// Finds a loaded style by id, or by a short name (the id's last part,
    /// or the display name, case-insensitive) that only one style answers to.
    public func lookup(_ name: String) throws(LookupError) -> Entry {
        if let exact = styles.first(where: { $0.descriptor?.id == name }) { return exact }
        let key = name.lowercased()
        let matches = styles.filter {
            guard let d = $0.descriptor else { return false }
            return d.shortName.lowercased() == key || d.name.lowercased() == key
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw LookupError("style '\(name)' is ambiguous: " + matches.compactMap { $0.descriptor?.id }.joined(separator: ", "))
        }
        if let rejected = entries.first(where: { $0.descriptor?.id == name }), case let .rejected(why) = rejected.status {
            throw LookupError("style '\(name)' was rejected: \(why)")
        }
        let known = styles.compactMap { $0.descriptor?.id }
        throw LookupError("no style '\(name)'" + (known.isEmpty
            ? " (no plugins found; searched \(directories.map(\.path).joined(separator: ", ")))"
            : "; known: " + known.joined(separator: ", ")))
    }

    /// A new instance of the style `name` names, its layers in `tree`.
    public func makeAnimator(_ name: String, tree: LayerTree, log: HostLog) throws -> PluginAnimator {
        guard !closed else { throw LookupError("the registry is closed: its libraries were deinitialized") }
        let entry = try lookup(name)
        guard let library = libraries[entry.file], let descriptor = entry.descriptor else {
            throw LookupError("style '\(name)' has no loaded library")
        }
        return try PluginAnimator(library: library, descriptor: descriptor, tree: tree, log: log)
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
