/// What the host refused or bounded during a run, for a warning on stderr: a
/// run that succeeded may still have drawn less than the style asked for. A
/// recording may run the style more than once, hence each line only once.
public enum ProblemLines {
    /// The distinct lines in order, at most `shown`, then how many more there were.
    public static func summary(_ problems: [String], shown: Int = 10) -> [String] {
        var seen = Set<String>()
        let lines = problems.filter { seen.insert($0).inserted }
        guard lines.count > shown else { return lines }
        return Array(lines.prefix(shown)) + ["... and \(lines.count - shown) more problem(s) reported by the host"]
    }
}
