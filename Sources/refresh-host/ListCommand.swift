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
        let registry = try plugins.registry()
        if json {
            // Bytes straight to stdout: a thousand entries never become one String.
            var document = JSONDocuments.list(registry).renderBytes()
            document.append(0x0A)
            try StandardOutput.write(bytes: document[...])
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
