import RefreshHostController

/// One step of a fuzzed interaction, in the order it is applied.
public enum FuzzStep: Equatable, Sendable, CustomStringConvertible {
    case touchDown
    /// Moves the finger until the visible pull is `distance` points, over `duration` seconds.
    case move(distance: Double, duration: Double)
    case release
    case beginRefreshing
    case endRefreshing
    /// An end with a result other than success (ABI 1.3).
    case endWith(RefreshResult.Kind)
    /// The app disables (or enables again) the control, as mid-refresh races do.
    case enable(Bool)
    case wait(Double)

    public var description: String {
        switch self {
        case .touchDown: "down"
        case let .move(distance, duration): "move \(fmt(distance, 1)) pt/\(fmt(duration)) s"
        case .release: "up"
        case .beginRefreshing: "begin"
        case .endRefreshing: "end"
        case let .endWith(kind): "end \(kind)"
        case let .enable(on): on ? "enable" : "disable"
        case let .wait(seconds): "wait \(fmt(seconds)) s"
        }
    }
}

/// Random interactions: pulls with jitter and reversals, releases below and
/// above the trigger, programmatic starts and ends (with every result) at odd
/// moments, and the control disabled and enabled again in between.
public struct GestureGenerator {
    public var height: Double

    public init(height: Double) { self.height = height }

    /// A sequence of `count` steps; the finger is always lifted at the end.
    public func steps(_ count: Int, using rng: inout SplitMix64) -> [FuzzStep] {
        var steps: [FuzzStep] = []
        var touching = false
        var enabled = true
        var distance = 0.0
        for _ in 0..<count {
            let roll = rng.unit()
            if !touching {
                if roll < 0.5 {
                    steps.append(.touchDown); touching = true
                } else if roll < 0.65 {
                    steps.append(.beginRefreshing)
                } else if roll < 0.75 {
                    steps.append(.endRefreshing)
                } else if roll < 0.8 {
                    steps.append(.endWith(rng.chance(0.5) ? .failure : .noMore))
                } else if roll < 0.84 {
                    enabled.toggle()
                    steps.append(.enable(enabled))
                } else {
                    steps.append(.wait(rng.uniform(0...1.5)))
                }
                continue
            }
            if roll < 0.35 {
                // A deliberate pull somewhere between nothing and well past the trigger.
                distance = rng.uniform(0...(2.2 * height))
                steps.append(.move(distance: distance, duration: rng.uniform(0.02...0.6)))
            } else if roll < 0.55 {
                // Jitter: a few small moves back and forth around where the finger is.
                for _ in 0..<Int(rng.uniform(2...6)) {
                    distance = max(0, distance + rng.uniform(-8...8))
                    steps.append(.move(distance: distance, duration: rng.uniform(0.01...0.05)))
                }
            } else if roll < 0.65 {
                // A reversal: back up towards the top, quickly.
                distance = rng.uniform(0...max(0, distance))
                steps.append(.move(distance: distance, duration: rng.uniform(0.02...0.2)))
            } else if roll < 0.85 {
                steps.append(.release); touching = false
            } else if roll < 0.92 {
                steps.append(rng.chance(0.5) ? .beginRefreshing : .endRefreshing)
            } else {
                steps.append(.wait(rng.uniform(0...0.8)))
            }
        }
        if touching { steps.append(.release) }
        if !enabled { steps.append(.enable(true)) }
        return steps
    }
}
