import RefreshHostController
import RefreshText

/// The last row: what is running and how fast, and the keys. Drawn only
/// when its text changes, so the numbers in it are updated a few times a
/// second rather than every frame.
public struct StatusLine {
    public static let keys = "Down/Up pull  Space release  r start  e end  f fail  q quit"
    /// The keys in a narrower terminal: still every key, and how to quit in words.
    public static let shortKeys = "Down/Up Space r e f  q quit"
    public static let quitKey = "q quit"
    static let foreground = RGB(r: 230, g: 230, b: 230)
    static let background = RGB(r: 48, g: 48, b: 56)

    private var onScreen: String?

    public init() {}

    public mutating func invalidate() { onScreen = nil }

    /// The text for these values, fitted to `width` columns. A `cue` (the
    /// last haptic or announcement) follows the style's own fields; a
    /// `notice` (a reload, a recording) goes after it, before the timing and
    /// keys. The keys come last but are never cut, so a narrow terminal
    /// still says how to quit: when the line is too wide, the timing goes
    /// first, then the keys shorten (to `shortKeys`, then `q quit`), and
    /// only then are the other fields cut at their end.
    public static func text(style: String, state: String, pullRatio: Double, cycle: Int,
                            frameMilliseconds: Double, fps: Double, width: Int, cue: String? = nil,
                            notice: String? = nil) -> String {
        // The style's name, its cue and a notice (a file name, a build's error) come from outside:
        // their control characters are made visible, so the line stays one row and cannot drive the terminal.
        let fields = [style.terminalSafe, state, "pull \(format(pullRatio, decimals: 2))", "cycle \(cycle)"]
            + (cue.map { [$0.terminalSafe] } ?? []) + (notice.map { [$0.terminalSafe] } ?? [])
        let timing = "\(format(frameMilliseconds, decimals: 1)) ms \(format(fps, decimals: 0)) fps"
        let tries: [([String], String)] = [(fields + [timing], keys), (fields, keys), (fields + [timing], shortKeys),
                                           (fields, shortKeys), (fields, quitKey)]
        for (parts, keys) in tries {
            let line = (parts + [keys]).joined(separator: " | ")
            if line.count <= width { return line }
        }
        let tail = " | " + quitKey
        guard width > tail.count else { return String(quitKey.prefix(max(0, width))) }
        return String(fields.joined(separator: " | ").prefix(width - tail.count)) + tail
    }

    /// Draws `text`, padded to the full width, on `row` if it changed.
    /// Returns whether it wrote anything.
    @discardableResult
    public mutating func draw(_ text: String, row: Int, width: Int, into out: inout TerminalOutput) -> Bool {
        let padded = text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
        guard padded != onScreen else { return false }
        out.move(column: 0, row: row)
        out.setColors(foreground: Self.foreground, background: Self.background)
        out.putText(padded)
        onScreen = padded
        return true
    }
}
