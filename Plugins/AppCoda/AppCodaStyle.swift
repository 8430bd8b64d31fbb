import RefreshStyleKit

/// AppCoda's custom refresh control: the word A P P C O D A, one label per
/// letter, on a transparent header. Each loop every letter in turn tilts
/// 45 degrees while taking the next text colour and springs back to black
/// upright; then the whole word swells to 1.5 and shrinks back.
///
/// The loop is one KEYFRAMES cycle of 1.65 s rather than key-path
/// animations: the text colour is not a numeric property, so only an animate
/// block can tween it, and one block holding the whole loop makes the host's
/// cycle end exactly where the tutorial checks whether to run the loop again
/// (an end request lets the loop finish, then the header closes). Every
/// keyframe is linear, as the tutorial's blocks were (`.curveLinear`).
///
/// A failed refresh ends with the word wilting: letter by letter, each drops
/// a little, tilts back and turns grey (0.7 s); reset stands them up again.
///
/// Height 60: the tutorial puts its letters in a view the size of a plain
/// UIRefreshControl, which is 60 pt tall, and centres them with constraints
/// as the control stretches: here, a middle anchor.
final class AppCodaStyle: RefreshStyle {
    static let letterCount = word.count
    static let descriptor = StyleDescriptor(
        id: "com.refreshhost.appcoda", name: "AppCoda", version: "1.0.0", vendor: "RefreshHost",
        description: "The word APPCODA: each letter tilts and flashes a colour in turn, then the word swells.",
        tags: ["text", "colourful"], height: 60, cycleDuration: AppCodaLoop.duration(letters: letterCount),
        cycleDelay: 0, cycleCurve: .keyframes, presentation: .slideDown, anchor: .middle)

    static let word = ["A", "P", "P", "C", "O", "D", "A"]
    /// The tutorial's colour list, in its order; with seven colours for seven
    /// letters its running colour index gives letter k colour k every loop.
    static let colours: [Color] = [
        Color(hex: 0xFF00FF),  // magenta
        Color(hex: 0x996633),  // brown
        Color(hex: 0xFFFF00),  // yellow
        Color(hex: 0xFF0000),  // red
        Color(hex: 0x00FF00),  // green
        Color(hex: 0x0000FF),  // blue
        Color(hex: 0xFF8000),  // orange
    ]
    static let fontSize = 26.0
    /// Each label's box; the advance from one letter to the next is its width,
    /// wide enough that the letters swollen to 1.5 only just touch.
    static let letterSize = Size(width: 30, height: 40)

    static let wiltGrey = Color(hex: 0x8E8E93)
    static let wiltDrop = 8.0
    static let wiltTilt = -0.35
    static let wiltDuration = 0.7

    private let host: StyleHost
    private var letters: [Layer] = []
    /// Where each letter stands after setup, for reset after a wilt.
    private var rest: [Point] = []

    init(host: StyleHost) {
        self.host = host
    }

    func setup(root: Layer) -> Bool {
        let size = root.size
        let rowWidth = Double(Self.letterCount) * Self.letterSize.width
        let left = (size.width - rowWidth) / 2
        for (k, text) in Self.word.enumerated() {
            let frame = Rect(x: left + Double(k) * Self.letterSize.width, y: (size.height - Self.letterSize.height) / 2,
                             width: Self.letterSize.width, height: Self.letterSize.height)
            guard let letter = root.addChild(.text, frame: frame) else { return false }
            letter.setText(text)
            letter.fontSize = Self.fontSize
            letter.isBold = true
            letters.append(letter)
            rest.append(letter.position)
        }
        // The root stays clear: the tutorial made the control's background transparent.
        reset()
        return true
    }

    /// One loop, inside the host's KEYFRAMES block of the loop's length.
    func cycle() {
        let total = Self.descriptor.cycleDuration
        func keyframe(at start: Double, for duration: Double, _ changes: () -> Void) {
            host.keyframe(start: start / total, duration: duration / total, changes)
        }
        for (k, letter) in letters.enumerated() {
            let start = AppCodaLoop.turnStart(k)
            keyframe(at: start, for: AppCodaLoop.turnOut) {
                letter.rotation = AppCodaLoop.turnAngle
                letter.setFill(Self.colours[k % Self.colours.count])
            }
            keyframe(at: start + AppCodaLoop.turnOut, for: AppCodaLoop.turnBack) {
                letter.rotation = 0
                letter.setFill(.black)
            }
        }
        let scaleStart = AppCodaLoop.scaleStart(letters: letters.count)
        keyframe(at: scaleStart, for: AppCodaLoop.scaleUp) {
            for letter in letters { letter.scale = AppCodaLoop.bigScale }
        }
        keyframe(at: scaleStart + AppCodaLoop.scaleUp, for: AppCodaLoop.scaleDown) {
            for letter in letters { letter.scale = 1 }
        }
    }

    func exit(result: RefreshResult, done: @escaping () -> Void) {
        guard result.kind == .failure, !letters.isEmpty else { return done() }
        let step = 0.5 / Double(letters.count)
        host.animateKeyframes(duration: Self.wiltDuration) {
            for (k, letter) in letters.enumerated() {
                host.keyframe(start: Double(k) * step, duration: 0.5) {
                    letter.position.y = rest[k].y + Self.wiltDrop
                    letter.rotation = Self.wiltTilt
                    letter.setFill(Self.wiltGrey)
                }
            }
        } completion: { _ in
            done()
        }
    }

    /// Black and upright where setup put them; plain sets cancel what is
    /// left of a loop or a wilt.
    func reset() {
        for (letter, position) in zip(letters, rest) {
            letter.position = position
            letter.rotation = 0
            letter.scale = 1
            letter.setFill(.black)
        }
    }
}
