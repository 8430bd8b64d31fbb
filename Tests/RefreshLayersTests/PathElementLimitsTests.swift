import Testing
import RefreshLayers

/// isWithinLimits and forEachNumber answer what `numbers` does, without an array.
struct PathElementLimitsTests {
    static let elements: [PathElement] = [
        .moveTo(x: 1, y: -2), .lineTo(x: 3.5, y: 4), .curveTo(c1x: 1, c1y: 2, c2x: 3, c2y: 4, x: 5, y: 6),
        .arc(cx: 10, cy: 20, radius: 5, startAngle: 0, endAngle: 3), .close,
        .arcNegative(cx: -1, cy: -2, radius: 7, startAngle: 2, endAngle: -1),
    ]

    @Test func forEachNumberGivesNumbersInABIOrder() {
        for e in Self.elements {
            var seen: [Double] = []
            e.forEachNumber { seen.append($0) }
            #expect(seen == e.numbers, "\(e)")
        }
    }

    @Test func isWithinLimitsRefusesEveryBadSlot() {
        for e in Self.elements {
            #expect(e.isWithinLimits, "\(e)")
            for slot in e.numbers.indices {
                for bad in [Double.nan, .infinity, -.infinity, PathElement.maxNumber * 2, -PathElement.maxNumber * 1.5] {
                    var n = e.numbers
                    n[slot] = bad
                    let broken = e.with(numbers: n)!
                    #expect(!broken.isWithinLimits, "\(broken)")
                }
                var edge = e.numbers
                edge[slot] = -PathElement.maxNumber
                #expect(e.with(numbers: edge)!.isWithinLimits)
            }
        }
    }
}
