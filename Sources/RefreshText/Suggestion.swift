/// "Did you mean": the closest of `candidates` to what the user typed, when
/// it is close enough to be a typo rather than a different word.
public enum Suggestion {
    public static func closest(to typed: String, in candidates: [String]) -> String? {
        let key = typed.lowercased()
        // The start of exactly one word ("snap" for snapchat) is as good as a typo.
        let starts = Set(candidates.filter { $0.lowercased().hasPrefix(key) })
        if key.count >= 2, starts.count == 1 { return starts.first }
        let scored = candidates.map { ($0, distance(key, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // A third of the word, at least one and at most three edits: "lst" is list, "frobnicate" is nothing.
        return best.1 <= max(1, min(3, best.0.count / 3)) ? best.0 : nil
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
