@testable import RefreshPluginRuntime
import RefreshLayers
import Testing

/// rh.spring/1's settling durations remembered per spring (SpringSettles):
/// the remembered value is the fresh bisection's, bit for bit, on a miss and
/// on a hit; a refused spring is refused with the same problem and not kept;
/// the table stays bounded.
@Suite struct SpringSettlesTests {
    static let springs = [
        Spring(),  // CASpringAnimation's defaults: underdamped
        Spring(mass: 1, stiffness: 100, damping: 20),  // critical
        Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: -3),  // overdamped
        Spring(mass: 0.5, stiffness: 300, damping: 5, initialVelocity: 12),
        Spring(mass: 1, stiffness: 1e5, damping: 1e4),
    ]

    @Test("remembered and fresh settling durations are equal bit for bit", arguments: springs)
    func rememberedIsFresh(spring: Spring) {
        let settles = SpringSettles()
        let fresh = spring.settlingDuration
        let first = settles.duration(of: spring), second = settles.duration(of: spring)
        #expect(first.problem == nil && second.problem == nil)
        #expect(first.duration.bitPattern == fresh.bitPattern, "\(first.duration) vs \(fresh)")
        #expect(second.duration.bitPattern == fresh.bitPattern, "the remembered one: \(second.duration) vs \(fresh)")
        #expect(settles.count == 1)
    }

    @Test("two springs are two entries, each its own duration")
    func keyedByEveryParameter() {
        let settles = SpringSettles()
        let a = Spring(mass: 1, stiffness: 100, damping: 10), b = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 1)
        let da = settles.duration(of: a).duration, db = settles.duration(of: b).duration
        #expect(da != db)
        #expect(settles.duration(of: a).duration.bitPattern == a.settlingDuration.bitPattern)
        #expect(settles.duration(of: b).duration.bitPattern == b.settlingDuration.bitPattern)
        #expect(settles.count == 2)
    }

    @Test("a refused spring gives its problem, as Spring.problem does, and is not kept")
    func refusedNotKept() {
        let settles = SpringSettles()
        for spring in [Spring(mass: .nan), Spring(stiffness: 1e-9, damping: 1e-9), Spring(initialVelocity: 1e6)] {
            let answer = settles.duration(of: spring)
            #expect(answer.problem != nil && answer.problem == spring.problem, "\(spring)")
        }
        #expect(settles.count == 0)
    }

    @Test("past the limit the table starts over; answers stay fresh")
    func bounded() {
        let settles = SpringSettles()
        for k in 0..<(SpringSettles.limit + 5) {
            let spring = Spring(stiffness: 100 + Double(k))
            #expect(settles.duration(of: spring).duration.bitPattern == spring.settlingDuration.bitPattern)
        }
        #expect(settles.count <= SpringSettles.limit)
    }
}
