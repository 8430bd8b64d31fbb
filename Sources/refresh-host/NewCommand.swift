import RefreshConsole
import ArgumentParser
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch
import RefreshScaffold
import RefreshText
import RefreshValidation

struct NewCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a small plugin project (C or Swift), or a style folder from a designer's file (no code).",
        discussion: """
            With --lang, the project has a Makefile (make, make validate, make run, make install, make clean), one source \
            file with every callback present and commented, and a README. A C project builds against the \
            installed header (pkg-config refresh-host); a Swift project depends on the installed RefreshStyleKit \
            (<prefix>/share/refresh-host/swift/RefreshStyleKit, or REFRESH_HOST_SWIFT_KIT). \
            With --from FILE (a Lottie .json or .lottie, an animated GIF or WebP, a PNG, or a folder of PNG frames), the folder \
            holds a copy of the file named for the style and a README: no code, ready for `refresh-host validate DIR` \
            and `refresh-host install DIR` (docs/designers.md). With --from, NAME may be left out: it comes from \
            the file's name. What the Lottie adapter will not draw of the file is listed as warnings.
            """)

    @Argument(help: "The style's name: an ASCII letter, then letters and digits (at most 40), e.g. Bubbles. With --from it may be left out: it comes from the file's name (isometric-plane.json: IsometricPlane, shown as \"Isometric Plane\", id com.example.isometric-plane).")
    var name: String?

    @Option(help: ArgumentHelp("The plugin's language: c or swift.", valueName: "c|swift"), completion: .list(["c", "swift"]))
    var lang: String?

    @Option(help: ArgumentHelp("A designer's file to make the style from instead of code: a Lottie .json or .lottie, a GIF, WebP or PNG, or a folder of PNG frames.",
                               valueName: "file"), completion: .file())
    var from: String?

    @Option(help: ArgumentHelp("The project folder (default ./NAME); it must be new or empty.", valueName: "dir"),
            completion: .directory)
    var dir: String?

    @Option(help: ArgumentHelp("The style id (default com.example.<name lowercased>).", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("With --from FILE.lottie: the archive's animation to play (default: the first its manifest lists; `info FILE.lottie` lists them).",
                               valueName: "id"))
    var animation: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        if let from {
            guard lang == nil else { throw CLIError.usage("--lang and --from: a style from a designer's file has no code; give one of them") }
            return try makeDesignerFolder(from: from)
        }
        if let animation { throw CLIError.usage("--animation \(animation) chooses an animation of --from FILE.lottie; give --from too") }
        guard let lang else { throw CLIError.usage("give --lang c|swift for a plugin in code, or --from FILE for a style from a designer's file") }
        guard let name else { throw CLIError.usage("missing the style's name: refresh-host new NAME --lang \(lang)") }
        guard let language = ScaffoldLanguage(rawValue: lang) else {
            throw CLIError.usage("--lang '\(lang)' is not supported: use c or swift")
        }
        let scaffold = Scaffold(name: name, language: language, directory: dir, id: id,
                                kit: language == .swift ? InstalledKit.path() : nil)
        let written = try scaffold.write()
        print("Created \(name) (\(language == .c ? "C" : "Swift"), id \(scaffold.id)) in \(written.directory):")
        for file in written.files { print("  \(file)") }
        print("Next: cd \(ShellQuoting.quoted(scaffold.directory)) && make && refresh-host list --plugin-path .")
        if id == nil {
            Console.current.warning("the id \(scaffold.id) is a placeholder: give your style a reverse-DNS id you own (--id, or edit it) before you ship it")
        }
    }

    /// The new folder's styles as the adapter reads them, the way `validate` reads the folder
    /// (a temporary data folder; nothing installed); nil when it makes none (`validate` says why).
    private func scanDesigner(_ directory: String) -> [StyleDescriptor]? {
        defer { TemporaryDataHome.end() }
        let absolute = FilePaths.normalize(directory.hasPrefix("/") ? directory : (FilePaths.currentDirectory() ?? "") + "/" + directory)
        guard let folder = try? StyleFolder(path: absolute), let scanned = try? DesignerStyles.scan(folder, search: PluginSearch()) else {
            return nil
        }
        return scanned.styles.compactMap(\.descriptor)
    }

    private func makeDesignerFolder(from file: String) throws {
        // No NAME: one from the file's name, and the id with it (unless --id).
        let derived = name == nil ? DerivedName(file: file) : nil
        let name = name ?? derived!.name
        let scaffold = DesignerScaffold(name: name, from: file, directory: dir, id: id, displayName: derived?.displayName,
                                        defaultID: derived?.id, animation: animation)
        let written = try scaffold.write()
        let own = written.namedByFile
        // An archive's style is named by its animation's refreshHost object, else by the archive's
        // name: what the adapter reads from the new folder says which.
        let lottie = written.kind == "Lottie animation" || written.kind == "dotLottie archive"
        let styles = lottie ? scanDesigner(written.directory) : nil
        let named = written.kind == "dotLottie archive"
            ? (styles?.first.map { "id \($0.id)" } ?? "id lottie.\(name.lowercased()), from the archive's name")
            : own ? "named by its refreshHost object" : "id \(scaffold.id)"
        print("Created \(name) (from a \(written.kind), \(named)) in \(written.directory):")
        for file in written.files.filter({ !$0.hasPrefix("refreshing/") }) { print("  \(file)") }
        let frames = written.files.filter { $0.hasPrefix("refreshing/") }.count
        if frames > 0 { print("  refreshing/ (\(frames) frames)") }
        // What the adapter will not draw of the file, one warning each.
        for line in (styles ?? []).flatMap(\.unsupported) {
            Console.current.warning("not drawn as the file says: \(line)".terminalSafe)
        }
        let folder = ShellQuoting.quoted(scaffold.directory)
        print("Next: refresh-host validate \(folder) && refresh-host install \(folder)")
        if id == nil, !own {
            if let derived { print("Name \(derived.name) (shown as \"\(derived.displayName)\") and id \(derived.id), from the file's name") }
            Console.current.warning("the id \(scaffold.id) is a placeholder: give your style a reverse-DNS id you own (--id, or edit it) before you ship it")
        }
    }
}
