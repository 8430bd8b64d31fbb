import ArgumentParser
import RefreshHostLoader

#if canImport(Glibc)
import Glibc
#endif

enum ABIVersionText {
    static var host: String { ABIVersion.host.description }
}

/// Where to look for plugins: shared by every command.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"),
            help: ArgumentHelp("A folder of plugins or one .so, searched first. Repeatable.", valueName: "path"))
    var pluginPaths: [String] = []

    func registry() throws -> PluginRegistry {
        let directories: [SearchDirectory]
        do {
            directories = try SearchPath.standard(options: pluginPaths, environment: environment())
        } catch {
            throw CLIError(error.description)
        }
        return PluginRegistry(directories: directories)
    }

    /// The entry of the style `name` names (an id or a short name), for a
    /// supervisor that will run it in a worker.
    func resolve(_ name: String) throws -> PluginEntry {
        // TODO(catalog): the scanner's catalog replaces this in-process lookup.
        let registry = try registry()
        defer { registry.close() }
        do { return try registry.lookup(name) } catch { throw CLIError(error.description) }
    }

    private func environment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["REFRESH_HOST_PLUGIN_PATH", "HOME"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}

/// A user's mistake: printed as one line, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
