/// Text made safe for XML and HTML, in content and in double- or
/// single-quoted attribute values. Control characters XML 1.0 does not allow
/// become "?"; a newline is kept as a character reference so attributes keep it.
public func escapeMarkup(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n": out += "&#10;"
        case let c where c.value < 0x20 && c != "\t": out += "?"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
