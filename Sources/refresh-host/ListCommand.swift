import ArgumentParser
import RefreshConsole
import RefreshListing
import RefreshText

struct ListCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every style found on the plugin search path.")

    @OptionGroup var plugins: PluginOptions
    @Flag(help: "Print JSON instead of a table (docs/json.md).") var json = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        let registry = try plugins.registry()
        if json {
            print(JSONDocuments.list(registry).render())
            return
        }
        guard !registry.entries.isEmpty else {
            print("No plugins found. Searched:")
            for d in registry.directories { print("  \(d.path) (\(d.origin.rawValue))".terminalSafe) }
            return
        }
        print(ListTable.render(registry.entries, width: Console.current.width, color: Console.current.stdoutColor))
    }
}
