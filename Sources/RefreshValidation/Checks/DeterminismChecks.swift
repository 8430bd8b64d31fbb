import RefreshLayers

/// Determinism: the virtual clock makes a run a function of its input.
/// Each check's id, level and documentation are in Catalogue.swift.
enum DeterminismChecks {
    static func replay(_ c: CheckContext) throws -> Outcome {
        let gestures = [Gestures.standard, Gestures.programmatic(refresh: 1)]
        var frames = 0
        for d in try c.styles() {
            func record() throws -> [(Double, [LayerSnapshot])] {
                let driver = try c.driver(d)
                defer { driver.close() }
                var result: [(Double, [LayerSnapshot])] = []
                for g in gestures {
                    var shifted = g
                    shifted.startTime = driver.now
                    driver.run(shifted) { result.append((driver.now, driver.snapshot())) }
                }
                return result
            }
            let first = try record(), second = try record()
            for (a, b) in zip(first, second) where a.1 != b.1 {
                return .failed(expected: "the same layers at the same times", actual: "\(d.id): at \(fmt(a.0)) s \(firstDifference(a.1, b.1))",
                               gesture: gestures.map(Gestures.describe).joined(separator: "; then "))
            }
            if first.count != second.count {
                return .failed(expected: "runs of the same length", actual: "\(d.id): \(first.count) and \(second.count) frames",
                               gesture: gestures.map(Gestures.describe).joined(separator: "; then "))
            }
            frames += first.count
        }
        return .passed("\(frames) frames identical")
    }

    static func firstDifference(_ a: [LayerSnapshot], _ b: [LayerSnapshot]) -> String {
        guard a.count == b.count else { return "there are \(a.count) layers, then \(b.count)" }
        for (x, y) in zip(a, b) where x != y {
            for p in LayerProperty.allCases where x[p] != y[p] {
                return "layer #\(x.id) \(p.name) is \(x[p]), then \(y[p])"
            }
            return "layer #\(x.id) differs (colour, gradient, text, path or structure)"
        }
        return "the trees differ"
    }
}
