import Testing
@testable import RefreshLayers

struct TimingCurveTests {
    static let all: [TimingCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .keyframes,
        .spring(damping: 0.4, initialVelocity: 0), .spring(damping: 1, initialVelocity: 0),
        .spring(damping: 0.7, initialVelocity: 5),
    ]

    @Test func endpointsAreExact() {
        for curve in Self.all {
            #expect(curve.progress(0) == 0)
            #expect(curve.progress(1) == 1)
            #expect(curve.progress(-3) == 0)
            #expect(curve.progress(7) == 1)
            #expect(curve.progress(.nan) == 0)
            #expect(curve.progress(1, duration: 0.3) == 1)
        }
    }

    @Test func easeCurvesAreMonotonicAndShaped() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            var previous = 0.0
            for k in 0...1000 {
                let p = curve.progress(Double(k) / 1000)
                #expect(p >= previous - 1e-12)
                #expect(p >= 0 && p <= 1)
                previous = p
            }
        }
        #expect(TimingCurve.easeIn.progress(0.5) < 0.5)
        #expect(TimingCurve.easeOut.progress(0.5) > 0.5)
        #expect(approx(TimingCurve.easeInOut.progress(0.5), 0.5, 1e-9))
        #expect(approx(TimingCurve.linear.progress(0.25), 0.25))
    }

    @Test func easeMatchesCubicBezierDefinition() {
        // Pick t, compute the Bézier point, and check progress(x(t)) == y(t).
        let t = 0.3
        let x = 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t * 1 + t * t * t
        let y = 3 * (1 - t) * t * t * 1 + t * t * t
        #expect(approx(TimingCurve.easeIn.progress(x), y, 1e-10))
    }

    @Test func underdampedSpringOvershoots() {
        let spring = TimingCurve.spring(damping: 0.4, initialVelocity: 0)
        let peak = (0...1000).map { spring.progress(Double($0) / 1000) }.max() ?? 0
        #expect(peak > 1.1)
    }

    @Test func criticallyDampedSpringDoesNotOvershoot() {
        let spring = TimingCurve.spring(damping: 1, initialVelocity: 0)
        var previous = 0.0
        for k in 0...1000 {
            let p = spring.progress(Double(k) / 1000)
            #expect(p <= 1)
            #expect(p >= previous - 1e-12)
            previous = p
        }
    }

    @Test func springSettlesBeforeTheEnd() {
        let spring = TimingCurve.spring(damping: 0.5, initialVelocity: 0)
        #expect(approx(spring.progress(0.95), 1, 0.01))
        // Continuous into the exact end: no visible jump.
        #expect(approx(spring.progress(0.999_999), 1, 1e-4))
    }

    @Test func springVelocityScalesWithDuration() {
        // The same per-second velocity is a bigger push over a longer animation.
        let spring = TimingCurve.spring(damping: 1, initialVelocity: 2)
        #expect(spring.progress(0.01, duration: 2) > spring.progress(0.01, duration: 0.5))
        #expect(spring.progress(0.01) == spring.progress(0.01, duration: 1))
    }
}
