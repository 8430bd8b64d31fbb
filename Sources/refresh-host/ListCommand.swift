import ArgumentParser
import RefreshCatalog
import RefreshHostLoader
import RefreshText

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every style found on the plugin search path.")

    @OptionGroup var plugins: PluginOptions
    @Flag(help: "Print JSON instead of a table.") var json = false

    func run() throws {
        let registry = try plugins.catalog()
        if json {
            print(JSON.array(registry.entries.map(Self.json)).render())
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

    static func json(_ entry: PluginEntry) -> JSON {
        var fields: [(String, JSON)] = [
            ("id", .optional(entry.descriptor?.id)),
            ("name", .optional(entry.descriptor?.name)),
            ("version", .optional(entry.descriptor?.version)),
            ("file", .string(entry.file)),
            ("origin", .string(entry.origin.rawValue)),
        ]
        switch entry.status {
        case .loaded: fields.append(("status", .string("loaded")))
        case let .shadowed(by): fields += [("status", .string("shadowed")), ("shadowedBy", .string(by))]
        case let .rejected(why): fields += [("status", .string("rejected")), ("reason", .string(why))]
        case let .refused(why): fields += [("status", .string("refused")), ("reason", .string(why))]
        case let .quarantined(why): fields += [("status", .string("quarantined")), ("reason", .string(why))]
        }
        fields.append(("abi", .optional(entry.abiVersion?.description)))
        return .object(fields)
    }
}
