#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What `--color` asked for: `auto` decides from the stream and the environment.
public enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// Whether one output stream gets colour, decided once. `auto` gives colour
/// only to a terminal, only when NO_COLOR is unset or empty (no-color.org:
/// any non-empty value turns it off) and TERM names a terminal other than
/// `dumb` (like git, an unset TERM counts as dumb). `always` and `never` are
/// the user's explicit word and win over all of that, NO_COLOR included, as
/// no-color.org asks of command-line flags.
public struct ColorPolicy: Sendable, Equatable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// The decision from its inputs alone: `environment` needs only NO_COLOR and TERM.
    public init(mode: ColorMode, isTerminal: Bool, environment: [String: String]) {
        switch mode {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            let term = environment["TERM"] ?? ""
            enabled = isTerminal && !noColor && !term.isEmpty && term != "dumb"
        }
    }

    /// The policy for file descriptor `descriptor` (1 for stdout, 2 for stderr) of this process.
    public static func detect(descriptor: Int32, mode: ColorMode = .auto) -> ColorPolicy {
        ColorPolicy(mode: mode, isTerminal: isatty(descriptor) != 0, environment: ConsoleEnvironment.current)
    }

    public static let off = ColorPolicy(enabled: false)

    /// `text` in `style` when colour is on; `text` unchanged otherwise.
    public func paint(_ text: String, _ style: TextStyle?) -> String {
        guard enabled, let style, !text.isEmpty else { return text }
        return "\u{1B}[\(style.parameters)m" + text + "\u{1B}[0m"
    }
}

/// The few looks the CLI uses, as SGR parameters. The basic eight colours,
/// not truecolor: they follow the user's terminal theme.
public struct TextStyle: Sendable, Equatable {
    public let parameters: String

    public init(parameters: String) { self.parameters = parameters }

    public static let red = TextStyle(parameters: "31")
    public static let green = TextStyle(parameters: "32")
    public static let yellow = TextStyle(parameters: "33")
    public static let dim = TextStyle(parameters: "2")
    public static let bold = TextStyle(parameters: "1")
    public static let boldRed = TextStyle(parameters: "1;31")
}

/// The variables that decide how output looks, read from this process's environment.
public enum ConsoleEnvironment {
    public static let names = ["NO_COLOR", "TERM", "COLUMNS"]

    public static var current: [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
