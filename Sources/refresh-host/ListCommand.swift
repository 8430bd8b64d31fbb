import ArgumentParser
import RefreshConsole
import RefreshListing
import RefreshOutput
import RefreshText

struct ListCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every style found on the plugin search path.")

    @OptionGroup var plugins: PluginOptions
    @Flag(help: "Print JSON instead of a table (docs/json.md).") var json = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        if json {
            // Bytes straight to stdout: a thousand entries never become one String. A warm
            // run with nothing changed on the path writes the bytes it kept (CatalogOutputCache).
            try plugins.search.writeCatalog("list-json", render: { registry in
                var bytes = JSONDocuments.list(registry).renderBytes()
                bytes.append(0x0A)
                return bytes
            }, to: { piece in try StandardOutput.write(bytes: piece) })
            return
        }
        let registry = try plugins.registry()
        guard !registry.entries.isEmpty else {
            print("No plugins found. Searched:")
            for d in registry.directories { print("  \(d.path) (\(d.origin.rawValue))".terminalSafe) }
            return
        }
        print(ListTable.render(registry.entries, width: Console.current.width, color: Console.current.stdoutColor))
    }
}
