import ArgumentParser
import RefreshCatalog
import RefreshHostLoader
import RefreshText

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every style found on the plugin search path.")

    @OptionGroup var plugins: PluginOptions
    @Flag(help: "Print JSON instead of a table (docs/json.md).") var json = false

    func run() throws {
        let registry = try plugins.catalog()
        if json {
            print(JSONDocuments.list(registry).render())
            return
        }
        guard !registry.entries.isEmpty else {
            print("No plugins found. Searched:")
            for d in registry.directories { print("  \(d.path) (\(d.origin.rawValue))") }
            return
        }
        var table = Table(header: ["ID", "NAME", "VERSION", "STATUS", "FILE"])
        for entry in registry.entries {
            table.rows.append([
                entry.descriptor?.id ?? "-", entry.descriptor?.name ?? "-", entry.descriptor?.version ?? "-",
                Self.status(entry.status), entry.file,
            ])
        }
        print(table.render())
    }

    static func status(_ status: PluginStatus) -> String {
        switch status {
        case .loaded: "loaded"
        case let .shadowed(by): "shadowed by \(by)"
        case let .rejected(why): "rejected: \(why)"
        case let .refused(why): "refused: \(why)"
        case let .quarantined(why): "quarantined: \(why)"
        }
    }
}
