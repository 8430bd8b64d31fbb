import RefreshHostController
import RefreshLayers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Each physics profile against its published formula, and the settle
/// after a release: one monotonic motion to the target for every profile.
@Suite struct PhysicsProfileTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test("ios: (1 - 1/(x*0.55/d + 1)) * d; material: min(0.5x, 1.5T); smart: M(1 - 100^(-0.5x/d)); stretch: 0.016u + 0.016(1 - e^(-u e/0.33))")
    func formulas() {
        let d = 300.0, t = 60.0
        let ios = PhysicsProfile(.ios, viewport: d, maxPull: d)
        let material = PhysicsProfile(.material, viewport: d, maxPull: PhysicsDefaults.maxPull(.material, trigger: t, viewport: d))
        let smart = PhysicsProfile(.smart, viewport: d, maxPull: PhysicsDefaults.maxPull(.smart, trigger: t, viewport: d))
        let stretch = PhysicsProfile(.androidStretch, viewport: d, maxPull: 90)
        for x in [1.0, 20, 60, 150, 400] {
            #expect(close(ios.shown(x), (1 - 1 / (x * 0.55 / d + 1)) * d))
            #expect(close(material.shown(x), min(0.5 * x, 90)))
            #expect(close(smart.shown(x), 150 * (1 - pow(100, -0.5 * x / d))))
            let u = x / d
            #expect(close(stretch.stretch(x), 0.016 * u + 0.016 * (1 - exp(-u * M_E / 0.33))))
            #expect(ios.stretch(x) == 0)
            // The inverse round-trips below the maximum.
            for p in [ios, material, smart] where p.shown(x) < p.maxPull * 0.99 {
                #expect(close(p.travel(p.shown(x)), x, 1e-6 * x), "\(p.physics) at \(x)")
            }
        }
        #expect(material.shown(1000) == 90 && smart.shown(1e6) <= 150)
        #expect(close(PhysicsProfile.Curve.viscousFluid.progress(1), 1) && PhysicsProfile.Curve.viscousFluid.progress(0) == 0)
    }

    @Test("after a release past the trigger, every profile settles monotonically to the resting height, and closes monotonically", arguments: Physics.allCases)
    func monotonic(_ physics: Physics) {
        let scroll = ScrollView(viewportHeight: 300,
                                profile: PhysicsProfile(physics, viewport: 300, maxPull: PhysicsDefaults.maxPull(physics, trigger: 60, viewport: 300)))
        scroll.touchDown(at: 0)
        scroll.moveFinger(to: scroll.profile.travel(85), at: 0.6)
        scroll.release(at: 0.6)
        scroll.setInsetTop(60, at: 0.6, settling: true)
        var last = scroll.pullDistance(at: 0.6)
        #expect(close(last, 85, 1e-6))
        var t = 0.6
        while t < 2 {
            t += 1.0 / 240
            let v = scroll.pullDistance(at: t)
            #expect(v <= last + 1e-12 && v >= 60 - 1e-12, "\(physics) at \(t): \(last) -> \(v)")
            last = v
        }
        #expect(scroll.pullDistance(at: 2) == 60)
        scroll.setInsetTop(0, at: 2)
        last = 60
        while t < 3 {
            t += 1.0 / 240
            let v = scroll.pullDistance(at: t)
            #expect(v <= last + 1e-12 && v >= 0)
            last = v
        }
        #expect(scroll.pullDistance(at: 3) == 0 && scroll.isSettled(at: 3))
    }
}
