/// THE list of checks: every check the validator runs, in the order it runs
/// them, each with its id, group, strictness level and documentation.
/// `--list-checks` prints it, the README's Validation section is checked
/// against it by a test, and nothing else lists checks.
public enum Catalogue {
    public static let checks: [Check] =
        LoadingChecks.all + DescriptorChecks.all + LifecycleChecks.all + DeterminismChecks.all
        + ValueChecks.all + FuzzChecks.all + BudgetChecks.all

    public static func check(_ id: String) -> Check? { checks.first { $0.id == id } }

    /// Checks whose id matches `pattern`: an exact id, a group (`lifecycle`),
    /// or a glob with `*` (`lifecycle.done-*`). Several patterns: comma separated.
    public static func matching(_ pattern: String?) -> [Check] {
        guard let pattern, !pattern.isEmpty else { return checks }
        let parts = pattern.split(separator: ",").map { String($0).trimmingSpaces() }
        return checks.filter { check in
            parts.contains { p in check.id == p || check.group.rawValue == p || glob(p, check.id) }
        }
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// The catalogue as Markdown: the README's Validation table.
    public static var markdown: String {
        var lines = ["| check | level | what it checks |", "| --- | --- | --- |"]
        for c in checks { lines.append("| `\(c.id)` | \(c.level) | \(c.documentation) |") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
