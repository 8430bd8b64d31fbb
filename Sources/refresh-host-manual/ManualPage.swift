/// refresh-host(1) in mdoc, from the command definitions: the tool's abstract
/// and discussion, a synopsis line and a section per visible command with its
/// arguments, options, defaults and discussion, then the environment, files
/// and where the guides are installed.
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
        if let abstract = tool.abstract { out += [Roff.text(abstract)] }
        if let discussion = tool.discussion { out += [".Pp", Roff.text(discussion)] }
        out += [".Pp", "Every command takes", ".Fl -help", "for its own summary."]

        out += [".Sh COMMANDS"]
        for command in tool.visibleSubcommands {
            out += [".Ss \(command.commandName)"]
            if let abstract = command.abstract { out += [Roff.text(abstract)] }
            if let discussion = command.discussion { out += [".Pp", Roff.text(discussion)] }
            let arguments = command.visibleArguments
            guard !arguments.isEmpty else { continue }
            out += [".Bl -tag -width Ds"]
            for argument in arguments { out += item(argument) }
            out += [".El"]
        }

        out += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        out += [".It Ev REFRESH_HOST_PLUGIN_PATH",
                "Folders searched for plugins after the --plugin-path options, separated by colons.",
                ".It Ev XDG_CACHE_HOME , Ev HOME",
                "Where the registry cache lives, and the user's plugin folder under HOME.",
                ".It Ev REFRESH_HOST_SWIFT_KIT",
                "The RefreshStyleKit package a Swift project made by",
                ".Cm new",
                "depends on, instead of the installed one.",
                ".El"]
        out += [".Sh FILES", ".Bl -tag -width Ds"]
        out += [".It Pa ~/.local/lib/refresh-host/plugins", "The user's plugins.",
                ".It Pa <prefix>/lib/refresh-host/plugins", "The plugins installed with RefreshHost.",
                ".It Pa ${XDG_CACHE_HOME:-~/.cache}/refresh-host/registry.cache",
                "What the scanner learned about each plugin file, so a second",
                ".Cm list",
                "loads no plugin.",
                ".It Pa \(docFolder)", "The README and the guide to writing a style.",
                ".El"]
        out += [".Sh SEE ALSO", "The README in", ".Pa \(docFolder) ,",
                "and the plugin ABI,", ".In refresh-host/refresh_host.h ."]
        return out.joined(separator: "\n") + "\n"
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
        if let abstract = argument.abstract { body.append(Roff.text(abstract)) }
        if let values = argument.allValueStrings, !values.isEmpty {
            body.append(Roff.text("One of: " + values.joined(separator: ", ") + "."))
        }
        if let value = argument.defaultValue, !value.isEmpty { body.append(Roff.text("Default: " + value + ".")) }
        if let discussion = argument.discussion { body += [".Pp", Roff.text(discussion)] }
        return [head] + body
    }

    /// mdoc's .Nd wants no closing full stop.
    private func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
