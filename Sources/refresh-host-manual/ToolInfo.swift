/// The part of ArgumentParser's `--experimental-dump-help` document (serialization
/// version 0) the manual is written from. ArgumentParser keeps its own model of
/// it internal, so this is ours; unknown keys are ignored.
struct ToolInfo: Decodable {
    var serializationVersion: Int
    var command: CommandInfo
}

struct CommandInfo: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var subcommands: [CommandInfo]?
    var arguments: [ArgumentInfo]?

    /// What a reader should see: hidden commands (the workers) and `help` are left out.
    var visibleSubcommands: [CommandInfo] {
        (subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
    }

    /// Visible arguments; --help and --version are the tool's, said once at the top.
    var visibleArguments: [ArgumentInfo] {
        (arguments ?? []).filter { $0.shouldDisplay != false && !["help", "version"].contains($0.preferredName?.name) }
    }
}

struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable { case positional, option, flag }
    struct Name: Decodable {
        var kind: String
        var name: String
        /// --long, -s, or -long for ArgumentParser's single-dash long names.
        var spelled: String { kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name }
    }

    var kind: Kind
    var shouldDisplay: Bool?
    var isOptional: Bool?
    var isRepeating: Bool?
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var defaultValue: String?
    var allValueStrings: [String]?
    var abstract: String?
    var discussion: String?
}
