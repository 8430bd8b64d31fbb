import Foundation

/// Text made safe for mdoc: a backslash is roff's escape, and a line that
/// starts with a dot or an apostrophe would be read as a request.
enum Roff {
    /// Running text, one output line per input line, none of them a request
    /// but the paragraph breaks that stand for blank lines.
    static func text(_ value: String) -> String {
        value.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            // A blank line separates paragraphs in --help; mdoc wants a macro for that.
            if line.allSatisfy(\.isWhitespace) { return ".Pp" }
            let escaped = literals(line.replacingOccurrences(of: "\\", with: "\\e"))
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// The help's Markdown code spans (`refresh-host list`) in bold, as a man
    /// page sets what is typed, instead of their backticks. An unpaired
    /// backtick is left as it is.
    static func literals(_ line: String) -> String {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return line }
        var out = ""
        for (index, part) in parts.enumerated() {
            let inside = index % 2 == 1
            // The last part of an odd count of backticks: the final one was unpaired.
            if inside && index == parts.count - 1 { out += "`" + part; continue }
            out += inside ? "\\fB" + part + "\\fR" : String(part)
        }
        return out
    }

    /// One argument of a macro line: quoted when it holds a space, so it stays one word
    /// and mdoc does not read a word such as "No" or "Op" in it as a macro.
    static func argument(_ value: String) -> String {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq")
        return "\"" + escaped + "\""
    }
}
