import ArgumentParser
import RefreshConsole
import RefreshPluginRuntime
import RefreshInstall
import RefreshText

/// `refresh-host install FOLDER`: validates a style folder and copies it
/// where the registry finds it: a plugin (.so) into the user plugin folder,
/// a designer's style (Lottie, frames) into the adapters' data folder.
struct InstallCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Validate a style folder and install it for this user.",
        discussion: """
            A plugin folder (its .so beside README, LICENSE and assets/) goes to ~/.local/lib/refresh-host/plugins/NAME; \
            a designer's folder (a Lottie .json, or frames per state) goes to $XDG_DATA_HOME/refresh-host/styles/NAME \
            (~/.local/share/refresh-host/styles/NAME), where the bundled adapters read it. Nothing is copied unless \
            `validate` passes; an installed folder of the same name is replaced only with --force, and only once the \
            new copy is whole. `refresh-host remove ID` takes a style out again.
            """)

    @Argument(help: ArgumentHelp("The style folder.", valueName: "folder"), completion: .directory)
    var folder: String
    @Flag(help: "Replace an installed folder of the same name.") var force = false
    @OptionGroup var strictnessOption: StrictnessOption
    @OptionGroup var plugins: PluginOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let absolute = FilePaths.normalize(folder.hasPrefix("/") ? folder : (FilePaths.currentDirectory() ?? "") + "/" + folder)
        // Where it goes is decided before validate points the adapters elsewhere.
        let plan = try InstallPlan(path: absolute, replace: force, environment: plugins.search.environment)
        for target in plan.targets { try validate(target, level: strictnessOption.level, folder: absolute) }
        let destination = try plan.install(replace: force)
        print("Installed \(plan.folder.name) in \(destination)".terminalSafe)
        let installed = (try? plugins.registry().entries.filter {
            InstallPlan.holds(destination, file: $0.file, source: $0.descriptor?.source)
        }.compactMap(\.descriptor)) ?? []
        let ids = installed.map(\.id)
        if !ids.isEmpty { print("Styles: \(ids.joined(separator: ", ")) (refresh-host run \(ids[0]))".terminalSafe) }
        // Installed all the same, as the mobile players play such files: said once more here.
        for d in installed {
            for line in d.unsupported { Console.current.warning("\(d.id) does not draw all of its file: \(line)".terminalSafe) }
        }
    }

    /// `refresh-host validate TARGET` in a child (InstallCheck): its report is shown in full
    /// only when it does not pass.
    private func validate(_ target: String, level: Int, folder: String) throws {
        guard let exe = FilePaths.executablePath() else { throw CLIError.usage("cannot find this executable (/proc/self/exe)") }
        let check = try InstallCheck(
            executable: exe, arguments: ["validate", target, "--strictness", "\(level)", "--color", "never"] + plugins.arguments)
        guard check.passed else {
            try check.deliver()
            throw InstallError("\(folder): not installed: `refresh-host validate \(target)` did not pass", .notChecked)
        }
        print(("validate \(target): " + (check.summary ?? "passed")).terminalSafe)
    }
}

/// `refresh-host remove ID`: takes out the folder a style was installed in,
/// from the user plugin folder or the adapters' data folder; never a bundled
/// or system style.
struct RemoveCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a style this user installed (its whole folder).",
        discussion: """
            The style's folder under ~/.local/lib/refresh-host/plugins or $XDG_DATA_HOME/refresh-host/styles goes, \
            with every style it holds (they are named). Bundled and system-wide styles are not this command's to remove.
            """)

    @Argument(help: ArgumentHelp("The style's id or short name.", valueName: "id"), completion: .custom(StyleCompletion.removable))
    var style: String
    @OptionGroup var plugins: PluginOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let environment = plugins.search.environment
        let catalog = try plugins.registry()
        let entry = try plugins.resolve(style)
        guard let folder = InstalledFolder.of(file: entry.file, source: entry.descriptor?.source, environment: environment) else {
            let from = entry.descriptor?.source ?? entry.file
            let userPlugins = UserFolders.plugins(environment: environment), designs = UserFolders.designs(environment: environment)
            throw CLIError.usage("\(entry.descriptor?.id ?? style) comes from \(from) (\(entry.origin.rawValue)): remove takes out only styles installed in \(userPlugins ?? "~/.local/lib/refresh-host/plugins") or \(designs ?? "~/.local/share/refresh-host/styles")")
        }
        let going = InstalledFolder.styles(in: folder, of: catalog.entries.map { ($0.file, $0.descriptor?.source, $0.descriptor?.id) })
        try FolderTree.remove(folder)
        print(("Removed \(folder)" + (going.isEmpty ? "" : " (\(going.joined(separator: ", ")))")).terminalSafe)
    }
}
