import RefreshLayers

/// The springs' settling durations an instance asked for, remembered: a
/// settling duration is found by bisection on the spring's envelope (about
/// a hundred steps, 1.9 us), and depends only on the spring's four
/// parameters, so a style that animates with the same spring every frame
/// pays for it once. Keyed by the parameters' bits, so a remembered value is
/// the one computed fresh, bit for bit. Only valid springs are kept (a
/// refused one is refused again, its problem worked out anew). Bounded: a
/// context lives as long as the process, so past `limit` springs the memory
/// starts over.
final class SpringSettles {
    private struct Key: Hashable {
        let mass, stiffness, damping, velocity: UInt64

        init(_ s: Spring) {
            (mass, stiffness, damping, velocity) =
                (s.mass.bitPattern, s.stiffness.bitPattern, s.damping.bitPattern, s.initialVelocity.bitPattern)
        }
    }

    static let limit = 64
    private var known: [Key: Double] = [:]

    /// How many springs are remembered now.
    var count: Int { known.count }

    /// The spring's settling duration and, when the spring is refused, why
    /// (then nothing is kept).
    func duration(of spring: Spring) -> (duration: Double, problem: String?) {
        let key = Key(spring)
        if let d = known[key] { return (d, nil) }
        let d = spring.settlingDuration
        if let problem = spring.problem(settlingDuration: d) { return (d, problem) }
        // Starting over keeps the table small and its lookups cheap.
        if known.count >= Self.limit { known.removeAll(keepingCapacity: true) }
        known[key] = d
        return (d, nil)
    }
}
