/// Text that must stay on one line of a `key=value` record (the validator's
/// worker results, the registry cache): backslash and newline escaped.
public enum LineEscaping {
    public static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }
}
