import ArgumentParser
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshInstall
import RefreshWorker

#if canImport(Glibc)
import Glibc
#endif

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
        let level = strictnessOption.level
        let environment = plugins.environment()
        let absolute = FilePaths.normalize(folder.hasPrefix("/") ? folder : (FilePaths.currentDirectory() ?? "") + "/" + folder)
        let style: StyleFolder
        do { style = try StyleFolder(path: absolute) } catch { throw CLIError.notFound(error.description) }
        // Where it goes is decided before validate points the adapters elsewhere.
        let root: String?
        switch style.kind {
        case .code: root = UserFolders.plugins(environment: environment)
        case .designer: root = UserFolders.designs(environment: environment)
        }
        guard let root else { throw CLIError.usage("no home folder: HOME is not set to an absolute path") }
        if !force, access(root + "/" + style.name, F_OK) == 0 {
            throw CLIError.usage("\(root)/\(style.name) is already installed; --force replaces it")
        }
        // Every .so of a plugin folder, or the designer's folder, as `validate` would.
        let targets: [String]
        if case let .code(libraries) = style.kind { targets = libraries.map { style.path + "/" + $0 } } else { targets = [style.path] }
        for target in targets { try validate(target, level: level, folder: absolute) }
        let destination: String
        do {
            destination = try Installer.install(style, into: root, replace: force)
        } catch {
            throw error.kind == .exists ? CLIError.usage(error.description) : CLIError.output(error.description)
        }
        print("Installed \(style.name) in \(destination)")
        let ids = (try? plugins.catalog().entries.filter { entry in
            entry.file.hasPrefix(destination + "/") || entry.descriptor?.source?.hasPrefix(destination + "/") == true
        }.compactMap(\.descriptor?.id)) ?? []
        if !ids.isEmpty { print("Styles: \(ids.joined(separator: ", ")) (refresh-host run \(ids[0]))") }
    }

    /// `refresh-host validate TARGET` in a child: its report is shown in full
    /// only when it does not pass (its one-line errors always reach stderr).
    private func validate(_ target: String, level: Int, folder: String) throws {
        guard let exe = FilePaths.executablePath() else { throw CLIError.usage("cannot find this executable (/proc/self/exe)") }
        let report = try StdoutFile(suffix: ".txt")
        let fd = open(report.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError.output("\(report.path): \(String(cString: strerror(errno)))") }
        var options = ChildProcess.Options(
            executable: exe, arguments: ["validate", target, "--strictness", "\(level)", "--color", "never"] + plugins.arguments)
        options.descriptors = [1: fd, 2: 2]
        options.deathSignal = SIGTERM  // validate runs no plugin code itself, and cleans up its temporaries
        let ending: ChildProcess.Ending
        switch ChildProcess.spawn(options) {
        case let .success(child): ending = child.wait()
        case let .failure(error): close(fd); throw CLIError("cannot run validate: \(error)")
        }
        close(fd)
        guard ending == .exited(0) else {
            try report.deliver()
            throw CLIError("\(folder): not installed: `refresh-host validate \(target)` did not pass")
        }
        let lines = (try? String(decoding: Self.contents(report.path), as: UTF8.self))?.split(separator: "\n") ?? []
        print("validate \(target): " + (lines.last.map(String.init) ?? "passed"))
    }

    private static func contents(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return bytes }
            bytes += buffer[0..<n]
        }
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
        let environment = plugins.environment()
        let catalog = try plugins.catalog()
        let entry = try plugins.resolve(style)
        let designs = UserFolders.designs(environment: environment)
        let userPlugins = UserFolders.plugins(environment: environment)
        guard let folder = Self.installedFolder(entry, environment: environment) else {
            let from = entry.descriptor?.source ?? entry.file
            throw CLIError.usage("\(entry.descriptor?.id ?? style) comes from \(from) (\(entry.origin.rawValue)): remove takes out only styles installed in \(userPlugins ?? "~/.local/lib/refresh-host/plugins") or \(designs ?? "~/.local/share/refresh-host/styles")")
        }
        let going = catalog.entries.filter { e in
            e.file.hasPrefix(folder + "/") || e.file == folder || e.descriptor?.source.map { $0 == folder || $0.hasPrefix(folder + "/") } == true
        }.compactMap(\.descriptor?.id)
        do { try FolderTree.remove(folder) } catch { throw CLIError.output(error.description) }
        print("Removed \(folder)" + (going.isEmpty ? "" : " (\(going.joined(separator: ", ")))"))
    }

    /// The folder the user installed `entry`'s style in (under the user plugin
    /// folder, or the adapters' data folder for a designer's style), or nil
    /// when it is not this command's to remove (bundled, system, a --plugin-path).
    static func installedFolder(_ entry: PluginEntry, environment: [String: String]) -> String? {
        if let source = entry.descriptor?.source, let designs = UserFolders.designs(environment: environment),
           let held = Installer.styleFolder(holding: FilePaths.normalize(source), in: FilePaths.normalize(designs)) {
            return held
        }
        if let userPlugins = UserFolders.plugins(environment: environment) {
            return Installer.styleFolder(holding: entry.file, in: FilePaths.normalize(userPlugins))
        }
        return nil
    }
}
