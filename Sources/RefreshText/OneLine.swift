/// A plugin's free text made fit for one line of the user's terminal: at most
/// `limit` bytes cut at a character boundary, invalid UTF-8 replaced, control
/// characters shown as spaces, and the ends trimmed.
public enum OneLine {
    public static func make(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> String {
        var text = String(decoding: bytes.prefix(limit), as: UTF8.self)
        // A cut through a multi-byte character decodes to a replacement character: drop it.
        if bytes.count > limit, text.unicodeScalars.last == "\u{FFFD}" { text.unicodeScalars.removeLast() }
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            // A replaced invalid byte takes three bytes: keep the line within the limit.
            count += UTF8.width(scalar)
            guard count <= limit else { break }
            scalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        let line = String(scalars)
        let trimmed = line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return String(trimmed)
    }
}
