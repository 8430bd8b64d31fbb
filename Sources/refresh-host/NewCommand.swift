import ArgumentParser
import RefreshPluginRuntime
import RefreshScaffold

#if canImport(Glibc)
import Glibc
#endif

struct NewCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a small plugin project (C or Swift), or a style folder from a designer's file (no code).",
        discussion: """
            With --lang, the project has a Makefile (make, make validate, make run, make install, make clean), one source \
            file with every callback present and commented, and a README. A C project builds against the \
            installed header (pkg-config refresh-host); a Swift project depends on the installed RefreshStyleKit \
            (<prefix>/share/refresh-host/swift/RefreshStyleKit, or REFRESH_HOST_SWIFT_KIT). \
            With --from FILE (a Lottie .json, an animated GIF or WebP, a PNG, or a folder of PNG frames), the folder \
            holds a copy of the file named for the style and a README: no code, ready for `refresh-host validate DIR` \
            and `refresh-host install DIR` (docs/designers.md).
            """)

    @Argument(help: "The style's name: an ASCII letter, then letters and digits (at most 40), e.g. Bubbles.")
    var name: String

    @Option(help: ArgumentHelp("The plugin's language: c or swift.", valueName: "c|swift"), completion: .list(["c", "swift"]))
    var lang: String?

    @Option(help: ArgumentHelp("A designer's file to make the style from instead of code: a Lottie .json, a GIF, WebP or PNG, or a folder of PNG frames.",
                               valueName: "file"), completion: .file())
    var from: String?

    @Option(help: ArgumentHelp("The project folder (default ./NAME); it must be new or empty.", valueName: "dir"),
            completion: .directory)
    var dir: String?

    @Option(help: ArgumentHelp("The style id (default com.example.<name lowercased>).", valueName: "id"))
    var id: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        if let from {
            guard lang == nil else { throw CLIError.usage("--lang and --from: a style from a designer's file has no code; give one of them") }
            return try makeDesignerFolder(from: from)
        }
        guard let lang else { throw CLIError.usage("give --lang c|swift for a plugin in code, or --from FILE for a style from a designer's file") }
        guard let language = ScaffoldLanguage(rawValue: lang) else {
            throw CLIError.usage("--lang '\(lang)' is not supported: use c or swift")
        }
        let scaffold = Scaffold(name: name, language: language, directory: dir, id: id,
                                kit: language == .swift ? Self.installedKit() : nil)
        let written: (directory: String, files: [String])
        do {
            written = try scaffold.write()
        } catch {
            throw CLIError(error)
        }
        print("Created \(name) (\(language == .c ? "C" : "Swift"), id \(scaffold.id)) in \(written.directory):")
        for file in written.files { print("  \(file)") }
        print("Next: cd \(Self.shellQuoted(scaffold.directory)) && make && refresh-host list --plugin-path .")
        if id == nil {
            Console.current.warning("the id \(scaffold.id) is a placeholder: give your style a reverse-DNS id you own (--id, or edit it) before you ship it")
        }
    }

    private func makeDesignerFolder(from file: String) throws {
        let scaffold = DesignerScaffold(name: name, from: file, directory: dir, id: id)
        let written: (directory: String, files: [String], kind: String, namedByFile: Bool)
        do {
            written = try scaffold.write()
        } catch {
            throw CLIError(error)
        }
        let own = written.namedByFile
        print("Created \(name) (from a \(written.kind), \(own ? "named by its refreshHost object" : "id \(scaffold.id)")) in \(written.directory):")
        for file in written.files.filter({ !$0.hasPrefix("refreshing/") }) { print("  \(file)") }
        let frames = written.files.filter { $0.hasPrefix("refreshing/") }.count
        if frames > 0 { print("  refreshing/ (\(frames) frames)") }
        let folder = Self.shellQuoted(scaffold.directory)
        print("Next: refresh-host validate \(folder) && refresh-host install \(folder)")
        if id == nil, !own {
            Console.current.warning("the id \(scaffold.id) is a placeholder: give your style a reverse-DNS id you own (--id, or edit it) before you ship it")
        }
    }

    /// REFRESH_HOST_SWIFT_KIT, else the kit installed beside this executable
    /// (<prefix>/bin/refresh-host -> <prefix>/share/refresh-host/swift/RefreshStyleKit),
    /// or nil when neither names a folder.
    static func installedKit() -> String? {
        if let value = getenv("REFRESH_HOST_SWIFT_KIT"), value.pointee != 0 {
            let kit = String(cString: value)
            return kit.hasPrefix("/") ? FilePaths.normalize(kit) : FilePaths.normalize((FilePaths.currentDirectory() ?? "") + "/" + kit)
        }
        guard let exe = FilePaths.executablePath() else { return nil }
        let kit = FilePaths.normalize(exe + "/../../share/refresh-host/swift/RefreshStyleKit")
        return access(kit, F_OK) == 0 ? kit : nil
    }

    /// A path the user can paste into a shell.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "/._-+".utf8.contains(c)
        }
        return plain ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

extension CLIError {
    /// `new`'s failure with the status of its kind: 2 usage, 3 the --from file, 5 the folder.
    init(_ error: ScaffoldError) {
        switch error.kind {
        case .usage: self = .usage(error.description)
        case .notFound: self = .notFound(error.description)
        case .output: self = .output(error.description)
        }
    }
}
