/// refresh-host(1) in mdoc, from the command definitions: the tool's abstract
/// and discussion, a synopsis line and a section per visible command with its
/// arguments, options, defaults and discussion, then the environment, files,
/// examples and where the guides are installed.
struct ManualPage {
    var tool: CommandInfo
    /// `refresh-host --version`'s first word, for the footer.
    var version: String
    /// "November 23, 2026"-style date for .Dd.
    var date: String
    /// Where install put the README and the guides.
    var docFolder: String

    func render() -> String {
        var out: [String] = []
        let name = tool.commandName
        out += [".Dd \(date)", ".Dt \(name.uppercased()) 1", ".Os RefreshHost \(version)"]
        out += [".Sh NAME", ".Nm \(name)", ".Nd " + Roff.argument(sentence(tool.abstract ?? ""))]

        out += [".Sh SYNOPSIS"]
        for command in tool.visibleSubcommands {
            out += [".Nm", ".Cm \(command.commandName)"] + synopsis(command.visibleArguments)
            out += [".Pp"]
        }
        out += [".Nm", ".Fl -help | -version"]

        out += [".Sh DESCRIPTION"]
        if let abstract = tool.abstract { out += [text(abstract)] }
        if let discussion = tool.discussion { out += [".Pp", text(discussion)] }
        out += [".Pp", "Every command takes", ".Fl -help", "for its own summary."]

        out += [".Sh COMMANDS"]
        for command in tool.visibleSubcommands {
            out += [".Ss \(command.commandName)"]
            if let abstract = command.abstract { out += [text(abstract)] }
            if let discussion = command.discussion { out += [".Pp", text(discussion)] }
            let arguments = command.visibleArguments
            guard !arguments.isEmpty else { continue }
            out += [".Bl -tag -width Ds"]
            for argument in arguments { out += item(argument) }
            out += [".El"]
        }

        out += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        out += [".It Ev REFRESH_HOST_PLUGIN_PATH",
                "Folders searched for plugins after the --plugin-path options, separated by colons;",
                "empty and relative entries are skipped.",
                ".It Ev HOME",
                "The user's plugin folder,",
                ".Pa ~/.local/lib/refresh-host/plugins .",
                ".It Ev XDG_DATA_HOME",
                "The user's styles made from a designer's files (Lottie files, frames), which",
                ".Cm install",
                "copies into",
                ".Pa ${XDG_DATA_HOME:-~/.local/share}/refresh-host/styles .",
                ".It Ev XDG_CACHE_HOME",
                "Where the registry cache lives (default",
                ".Pa ~/.cache ) .",
                ".It Ev NO_COLOR",
                "When set to a non-empty value, no colour (no-color.org); an empty value counts as unset.",
                ".Fl -color Cm always",
                "still colours.",
                ".It Ev TERM",
                "Unset or",
                ".Ql dumb :",
                "no colour, and no progress line.",
                ".It Ev COLUMNS",
                "The width tables fit, when a positive number: through a pipe too (without it, a pipe gets whole lines).",
                ".It Ev REFRESH_HOST_SWIFT_KIT",
                "The RefreshStyleKit package a Swift project made by",
                ".Cm new",
                "depends on, instead of the installed one.",
                ".El"]
        out += [".Sh FILES", ".Bl -tag -width Ds"]
        out += [".It Pa ~/.local/lib/refresh-host/plugins", "The user's plugins, a folder each (what",
                ".Cm install",
                "puts there and",
                ".Cm remove",
                "takes out).",
                ".It Pa ${XDG_DATA_HOME:-~/.local/share}/refresh-host/styles",
                "The user's styles made from a designer's files, a folder each, read by the bundled Lottie and frame adapters.",
                ".It Pa <prefix>/lib/refresh-host/plugins", "The plugins installed with RefreshHost.",
                ".It Pa ${XDG_CACHE_HOME:-~/.cache}/refresh-host/registry.cache",
                "What the scanner learned about each plugin file, so a second",
                ".Cm list",
                "loads no plugin.",
                ".It Pa \(docFolder)", "The README, and the guides below.",
                ".It Pa \(docFolder)/docs/cli.md", "The command line's contract: exit status, messages, values.",
                ".It Pa \(docFolder)/docs/json.md",
                "Every JSON document the commands print; its JSON Schema is",
                ".Pa schema/refresh-host.schema.json",
                "in the same folder.",
                ".It Pa \(docFolder)/docs/writing-a-style.md", "The guide to writing a style in C or Swift.",
                ".It Pa \(docFolder)/docs/designers.md", "Styles from Lottie files and frames, with no code.",
                ".El"]
        out += examples()
        out += [".Sh SEE ALSO", "The README in", ".Pa \(docFolder) ,",
                "and the plugin ABI,", ".In refresh-host/refresh_host.h",
                "with its extensions,", ".In refresh-host/refresh_host_ext.h ."]
        return out.joined(separator: "\n") + "\n"
    }

    /// A few commands to start from, each with what it does.
    private func examples() -> [String] {
        let examples: [(String, String)] = [
            ("refresh-host list", "Every style on the search path, and why any was refused."),
            ("refresh-host run yelp", "Play Yelp's header in this terminal: Down pulls, Space lets go, q quits."),
            ("refresh-host run yahoo --no-live --result failure", "Print the timeline of a refresh that fails."),
            ("refresh-host render yahoo --out yahoo.gif", "Draw a whole refresh as an animated GIF."),
            ("refresh-host render yelp --at threshold --out yelp.png", "One moment as a picture."),
            ("refresh-host validate ./libmine.so --json", "Check a plugin against the ABI, as JSON for a script."),
            ("refresh-host gallery --out site", "A web page with every style, animated."),
            ("refresh-host new Bubbles --lang c && cd Bubbles && make validate", "Start a plugin in C, build it and check it."),
            ("refresh-host install Bubbles", "Validate the folder and install it for this user."),
        ]
        var out = [".Sh EXAMPLES", ".Bl -tag -width Ds"]
        for (command, what) in examples {
            out += [".It Li " + Roff.argument(command), Roff.text(what)]
        }
        return out + [".El"]
    }

    /// [--option value] words of a synopsis, positionals last as they are typed.
    private func synopsis(_ arguments: [ArgumentInfo]) -> [String] {
        var lines: [String] = []
        for argument in arguments where argument.kind != .positional {
            let words = flag(argument) + (argument.kind == .option ? " Ar " + (argument.valueName ?? "value") : "")
            lines.append((argument.isOptional == false ? "." : ".Op ") + words)
        }
        for argument in arguments where argument.kind == .positional {
            let word = "Ar " + (argument.valueName ?? "argument") + (argument.isRepeating == true ? " ..." : "")
            lines.append(argument.isOptional == true ? ".Op " + word : "." + word)
        }
        return lines
    }

    /// "Fl -plugin-path" (and its other names) for a macro line.
    private func flag(_ argument: ArgumentInfo) -> String {
        let names = argument.names ?? argument.preferredName.map { [$0] } ?? []
        return names.map { "Fl " + String($0.spelled.dropFirst()) }.joined(separator: " , ")
    }

    private func item(_ argument: ArgumentInfo) -> [String] {
        var head: String
        switch argument.kind {
        case .positional: head = ".It Ar " + (argument.valueName ?? "argument")
        case .flag: head = ".It " + flag(argument)
        case .option: head = ".It " + flag(argument) + " Ar " + (argument.valueName ?? "value")
        }
        if argument.isRepeating == true && argument.kind != .flag { head += " ..." }
        var body: [String] = []
        if let abstract = argument.abstract { body.append(text(abstract)) }
        if let values = argument.allValueStrings, !values.isEmpty {
            body.append(text("One of: " + values.joined(separator: ", ") + "."))
        }
        if let value = argument.defaultValue, !value.isEmpty { body.append(text("Default: " + value + ".")) }
        if let discussion = argument.discussion { body += [".Pp", text(discussion)] }
        return [head] + body
    }

    /// Running text for the page: the help's references to the guides
    /// (`docs/json.md`) become the paths install puts them at, so a reader of
    /// the installed page can open them.
    private func text(_ value: String) -> String {
        Roff.text(installedPaths(value))
    }

    /// "docs/json.md" as "<docFolder>/docs/json.md", where it is not already part of a longer path.
    func installedPaths(_ value: String) -> String {
        var out = ""
        var rest = Substring(value)
        while let found = rest.range(of: "docs/") {
            let before = rest[..<found.lowerBound]
            out += before
            let previous = before.last ?? out.last
            let standalone = previous.map { !($0.isLetter || $0.isNumber || $0 == "/" || $0 == "." || $0 == "-") } ?? true
            out += standalone ? docFolder + "/docs/" : "docs/"
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    /// mdoc's .Nd wants no closing full stop.
    private func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
