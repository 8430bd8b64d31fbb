import Testing
@testable import RefreshLayers

/// ABI 1.5's physical spring (rh.spring/1): the closed forms against the equation
/// they solve, integrated step by step, in all three damping cases; the settling
/// duration; and the spring in a key-path animation, a keyframe segment and a block.
struct SpringTests {
    /// m x'' + c x' + k x = 0, x(0) = 1, x'(0) = -v, by fourth-order Runge-Kutta:
    /// an answer that shares no code and no formula with Spring.
    static func integrated(_ s: Spring, at times: [Double], step: Double = 1e-5) -> [Double] {
        var x = 1.0, v = -s.initialVelocity, t = 0.0
        var result: [Double] = []
        func a(_ x: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * x) / s.mass }
        for target in times {
            while t < target - 1e-12 {
                let h = min(step, target - t)
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            result.append(x)
        }
        return result
    }

    static let cases: [(String, Spring)] = [
        ("underdamped (CA's default)", Spring()),
        ("underdamped, thrown away from the end", Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: -3)),
        ("critically damped", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)),
        ("critically damped, thrown toward the end", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 12)),
        ("overdamped", Spring(mass: 1, stiffness: 100, damping: 45, initialVelocity: 0)),
        ("overdamped, thrown", Spring(mass: 0.5, stiffness: 50, damping: 30, initialVelocity: 5)),
    ]

    @Test("the closed form is the solution of the spring's equation at several instants", arguments: 0..<6)
    func closedForm(index: Int) {
        let (name, spring) = Self.cases[index]
        let times = [0, 0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 2.0]
        let expected = Self.integrated(spring, at: times)
        for (t, x) in zip(times, expected) {
            #expect(abs(spring.displacement(at: t) - x) < 1e-7, "\(name) at \(t): \(spring.displacement(at: t)) vs \(x)")
            #expect(abs(spring.progress(at: t) - (t > 0 ? 1 - x : 0)) < 1e-7)
        }
    }

    @Test("the settling duration is where the motion stays within the threshold, and not much sooner", arguments: 0..<6)
    func settling(index: Int) {
        let (name, spring) = Self.cases[index]
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0, "\(name)")
        // After it, never out of the band; the envelope is at the threshold there.
        for i in 0...400 {
            let t = settle + Double(i) * 0.005
            #expect(abs(spring.displacement(at: t)) <= Spring.settleThreshold * (1 + 1e-9), "\(name) at \(t)")
        }
        #expect(abs(spring.envelope(at: settle) - Spring.settleThreshold) < 1e-9)
        #expect(spring.envelope(at: settle * 0.95) > Spring.settleThreshold)
    }

    @Test("CASpringAnimation's default spring settles in about 1.41 s; a spring that never settles is refused")
    func defaults() {
        #expect(abs(Spring().settlingDuration - 1.4103) < 1e-4)
        #expect(Spring().problem == nil)
        #expect(Spring(mass: 1000, stiffness: 1, damping: 1e-6).settlingDuration == .infinity)
        #expect(Spring(mass: 1000, stiffness: 1, damping: 1e-6).problem?.contains("settles after more than 3600 s") == true)
        #expect(Spring(mass: .nan).problem == "spring mass = nan is out of range (0, 1000.0]")
        #expect(Spring(damping: 0).problem != nil && Spring(initialVelocity: 1e4).problem != nil)
        #expect(Spring(stiffness: .infinity).problem != nil)
    }

    @Test("a key-path animation, a keyframe segment and an animate block follow the spring in real time")
    func everyKind() throws {
        let (tree, timeline) = makeTree()
        let spring = Spring()
        let settle = spring.settlingDuration
        let a = try tree.createLayer(kind: .rect, parent: nil)
        var basic = BasicAnimation(property: .positionX, from: 0, to: 100, duration: settle)
        basic.spring = spring
        try tree.addAnimation(basic, to: a, completion: nil)

        let b = try tree.createLayer(kind: .rect, parent: nil)
        var keyframes = KeyframeAnimation(.numbers(.positionX, [0, 100, 50]), duration: 2)
        keyframes.spring = spring
        try tree.addKeyframeAnimation(keyframes, to: b, completion: nil)

        let c = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: settle, curve: .linear, spring: spring))
        try tree.set(.positionX, 100, on: c)
        try tree.commitAnimation(completion: nil)

        for t in [0.05, 0.1, 0.3, 0.6, 0.9] {
            timeline.advance(to: t)
            let expected = 100 * spring.progress(at: t)
            #expect(abs(try tree.presentationValue(.positionX, of: a) - expected) < 1e-9)
            #expect(abs(try tree.presentationValue(.positionX, of: c) - expected) < 1e-9)
            // First segment (1 s long): the same spring from its own start.
            #expect(abs(try tree.presentationValue(.positionX, of: b) - expected) < 1e-9)
        }
        // The second segment restarts the spring from 100 toward 50, cut at its end.
        timeline.advance(to: 1.3)
        #expect(abs(try tree.presentationValue(.positionX, of: b) - (100 - 50 * spring.progress(at: 0.3))) < 1e-9)
        // The overshoot shows: CA's default spring passes its end value.
        #expect(spring.progress(at: 0.3) > 1)
    }
}
