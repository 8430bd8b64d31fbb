import ArgumentParser
import RefreshNumbers
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshPluginSearch

enum ABIVersionText {
    static var host: String { ABIVersion.host.description }
    /// The ABI and the extensions this host offers (ABI 1.5), for --version.
    static var hostWithExtensions: String {
        "plugin ABI \(host); extensions " + HostExtensions.offered.joined(separator: ", ")
    }
}

/// Where to look for plugins: shared by every command.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"),
            help: ArgumentHelp("A folder of plugins or one .so, searched first. Repeatable.", valueName: "path"),
            completion: .file(extensions: ["so"]))
    var pluginPaths: [String] = []

    @Flag(help: "Ignore the registry cache and scan every plugin file again, quarantined ones too.")
    var rescan = false

    static let scanTimeoutRange = NumberRange(lower: 0, upper: 600, lowerOpen: true, unit: "seconds")
    @Option(name: .customLong("scan-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds a plugin file may take to load in the scanner before it is quarantined, \(scanTimeoutRange.text).",
                               valueName: "seconds"))
    var scanTimeoutOption = TypedNumber(2)

    /// --scan-timeout as typed (valid after `validate()`), for a child's command line.
    var scanTimeout: String { scanTimeoutOption.text }

    func validate() throws {
        try Self.scanTimeoutRange.check("--scan-timeout", scanTimeoutOption)
        // An empty path would mean the current folder, which is searched only when named (docs/cli.md).
        if pluginPaths.contains("") {
            throw ValidationError("--plugin-path '': an empty path; name a folder or a .so (. for the current folder)")
        }
    }

    /// The search path these options and the environment choose (valid after `validate()`).
    var search: PluginSearch {
        PluginSearch(pluginPaths: pluginPaths, rescan: rescan, scanTimeout: scanTimeoutOption.value)
    }

    /// The plugins on the search path as the scanner and the registry cache know them.
    func registry(adding file: String? = nil) throws -> PluginRegistry { try search.registry(adding: file) }

    /// The entry of the style `name` names (an id or a short name).
    func resolve(_ name: String) throws -> PluginEntry { try search.resolve(name) }

    /// These options as command-line arguments, for a command this one runs in turn.
    var arguments: [String] {
        pluginPaths.flatMap { ["--plugin-path", $0] } + (rescan ? ["--rescan"] : []) + ["--scan-timeout", scanTimeout]
    }
}
