/// A path the user can paste into a shell, for the "Next:" line `new` prints.
public enum ShellQuoting {
    /// As it is when it holds only characters no shell treats specially; else in single quotes.
    public static func quoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "/._-+".utf8.contains(c)
        }
        return plain ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
