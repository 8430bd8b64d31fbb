/// Whether --style names a style of the library, as its worker listed them.
public enum StyleChoice {
    /// `names` alternates ids and short names, as `ChildRunner.styleNames` gives them. An
    /// id matches exactly; a short name (no dots) also in any case. Nil: it does.
    public static func problem(_ style: String, names: [String], path: String) -> String? {
        guard !names.contains(where: { $0 == style || $0.lowercased() == style.lowercased() && !$0.contains(".") }) else { return nil }
        let ids = stride(from: 0, to: names.count, by: 2).map { names[$0] }
        return "--style \(style): no such style in \(path) (it has: \(ids.joined(separator: ", ")))"
    }

    /// The same, as a usage error (2) when --style names no style of the library.
    public static func check(_ style: String, names: [String], path: String) throws(ValidationSetupError) {
        if let problem = problem(style, names: names, path: path) { throw ValidationSetupError(problem, .usage) }
    }
}
