import ArgumentParser

@main
struct RefreshHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-host",
        abstract: "Load pull-to-refresh styles from plugins, and inspect and run them.",
        discussion: """
            Plugins are searched in this order: --plugin-path, REFRESH_HOST_PLUGIN_PATH (colon separated), \
            ~/.local/lib/refresh-host/plugins, <prefix>/lib/refresh-host/plugins, and the plugins bundled with \
            this build. The first style with a given id wins; later ones are listed as shadowed.
            """,
        version: "1.0.0 (plugin ABI \(ABIVersionText.host))",
        subcommands: [ListCommand.self, InfoCommand.self, RunCommand.self, RenderCommand.self])
}
