import RefreshHostController
import RefreshSession

/// One random step of the soak: what the finger or the app does (or nothing), and how long until the next frame.
public struct SoakAction: Equatable, Sendable, CustomStringConvertible {
    public var input: SessionInput?
    /// Seconds from this frame to the next.
    public var dt: Double

    public var description: String {
        let what = input.map { "\($0)" } ?? "nothing"
        return "\(what), then \(dt) s"
    }

    /// A step for a controller whose finger is (or is not) down and that is (or is not) enabled.
    /// Mostly plain frames at 60 fps, with every kind of input mixed in: pulls of every length
    /// (negative ones push the list up), moves that take time, releases, the app's begins and ends
    /// with every result, the app disabling the control (rarely: about one step in 200, whatever
    /// runs then) and enabling it again (about 20 steps later, so gestures and begins reach the
    /// disabled control too), long waits.
    public static func random(touching: Bool, enabled: Bool = true, using rng: inout SoakRandom) -> SoakAction {
        let roll = Double.random(in: 0..<1, using: &rng)
        let input: SessionInput?
        switch roll {
        case ..<(enabled ? 0.005 : 0.05): input = .setEnabled(!enabled)
        case ..<0.55: input = nil
        case ..<0.62: input = touching ? .release : .touchDown(x: rng.chance(0.5) ? nil : Double.random(in: -20...500, using: &rng))
        case ..<0.80:
            input = .moveFinger(translation: Double.random(in: -80...600, using: &rng),
                                arriving: nil, x: rng.chance(0.8) ? nil : Double.random(in: 0...400, using: &rng))
        case ..<0.86: input = touching ? .release : nil
        case ..<0.91: input = .beginRefreshing
        default: input = .endRefreshing(randomResult(using: &rng))
        }
        let dt: Double = switch Double.random(in: 0..<1, using: &rng) {
        case ..<0.85: 1.0 / 60
        case ..<0.95: Double.random(in: 0.001...0.1, using: &rng)
        default: Double.random(in: 0.1...3, using: &rng)
        }
        return SoakAction(input: input, dt: dt)
    }

    static func randomResult(using rng: inout SoakRandom) -> RefreshResult {
        let kind = [RefreshResult.Kind.success, .failure, .noMore].randomElement(using: &rng)!
        let message: String? = switch Int.random(in: 0..<4, using: &rng) {
        case 0: nil
        case 1: "Updated"
        case 2: "No connection — try again ✓"
        default: String(repeating: "é", count: Int.random(in: 0...200, using: &rng))
        }
        return RefreshResult(kind, message: message)
    }
}
