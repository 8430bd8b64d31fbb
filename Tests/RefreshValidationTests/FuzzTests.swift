import RefreshValidation
import Testing

/// The fuzzer's randomness is pinned, so a printed seed replays on any machine and version.
@Suite struct FuzzTests {
    @Test("SplitMix64 gives the reference sequence")
    func splitMix() {
        var rng = SplitMix64(seed: 0)
        // The published first outputs of SplitMix64 seeded with 0.
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        var unit = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            let u = unit.unit()
            #expect(u >= 0 && u < 1)
        }
    }

    @Test("the same seed gives the same steps; every sequence lifts the finger; it moves both ways")
    func generator() {
        let generator = GestureGenerator(height: 60)
        var a = SplitMix64(seed: 123), b = SplitMix64(seed: 123), c = SplitMix64(seed: 124)
        let first = generator.steps(200, using: &a)
        #expect(first == generator.steps(200, using: &b))
        #expect(first != generator.steps(200, using: &c))
        var touching = false
        var distances: [Double] = []
        for step in first {
            switch step {
            case .touchDown: touching = true
            case .release: touching = false
            case let .move(distance, _): #expect(touching); distances.append(distance)
            default: break
            }
        }
        #expect(!touching)
        #expect(zip(distances, distances.dropFirst()).contains { $1 < $0 }, "no reversal")
        #expect(distances.contains { $0 > 60 } && distances.contains { $0 < 60 }, "not both sides of the trigger")
        #expect(first.contains(.beginRefreshing) && first.contains(.endRefreshing))
    }
}
