/// Text that must stay on one line of a `key=value` record (the validator's
/// worker results, the registry cache): backslash and newline escaped.
public enum LineEscaping {
    public static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A }) else { return s }
        // By scalar: "\r\n" is one Character, which a match on "\n" would let through raw.
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
