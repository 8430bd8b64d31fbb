import RefreshStyleKit

/// The timing of one loop of the AppCoda animation, in seconds from the
/// loop's start, as the tutorial's two steps chain their animate blocks:
/// step 1 turns each letter in turn (0.1 s out, 0.05 s back), step 2 scales
/// all of them up (0.35 s) and back (0.25 s).
enum AppCodaLoop {
    static let turnOut = 0.1
    static let turnBack = 0.05
    static let scaleUp = 0.35
    static let scaleDown = 0.25
    static let turnAngle = Double.pi / 4
    static let bigScale = 1.5

    /// One letter's share of step 1.
    static let letterStep = turnOut + turnBack
    /// Step 1 ends, and step 2 begins, after every letter's turn: 7 x 0.15 s.
    static func scaleStart(letters: Int) -> Double { Double(letters) * letterStep }
    /// The whole loop: 1.05 + 0.35 + 0.25 = 1.65 s for seven letters.
    static func duration(letters: Int) -> Double { scaleStart(letters: letters) + scaleUp + scaleDown }

    /// When letter `k` starts turning.
    static func turnStart(_ k: Int) -> Double { Double(k) * letterStep }
}
