import Testing

@testable import RefreshLayers

/// The layer model's gradient: stored per layer, carried by the snapshot,
/// refused (changing nothing) when it breaks a rule of rh_gradient_t.
@Suite struct GradientTests {
    let redToBlue = Gradient.vertical(RGBA(1, 0, 0), RGBA(0, 0, 1))

    @Test("a gradient is stored, snapshotted, removed by nil, and ignores animate blocks")
    func store() throws {
        let tree = LayerTree(timeline: Timeline())
        let rect = try tree.createLayer(kind: .rect, parent: nil)
        let ellipse = try tree.createLayer(kind: .ellipse, parent: rect)
        #expect(try tree.gradient(of: rect) == nil)
        try tree.setGradient(redToBlue, on: rect)
        #expect(try tree.gradient(of: rect) == redToBlue)
        #expect(tree.snapshot(root: rect).map(\.gradient) == [redToBlue, nil])

        // Not animatable: inside a block it applies at once.
        try tree.beginAnimation(Timing(duration: 1, delay: 0, curve: .linear))
        try tree.setGradient(redToBlue, on: ellipse)
        try tree.commitAnimation(completion: nil)
        #expect(tree.snapshot(root: rect)[1].gradient == redToBlue)

        try tree.setGradient(nil, on: rect)
        #expect(try tree.gradient(of: rect) == nil)
        #expect(tree.snapshot(root: rect)[0].gradient == nil)
    }

    @Test("group and text layers have no fill to paint")
    func kinds() throws {
        let tree = LayerTree(timeline: Timeline())
        let group = try tree.createLayer(kind: .group, parent: nil)
        let text = try tree.createLayer(kind: .text, parent: group)
        let path = try tree.createLayer(kind: .path, parent: group)
        #expect(throws: LayerError.noFill(group, .group)) { try tree.setGradient(redToBlue, on: group) }
        #expect(throws: LayerError.noFill(text, .text)) { try tree.setGradient(nil, on: text) }
        #expect(throws: LayerError.unknownLayer(99)) { try tree.setGradient(redToBlue, on: 99) }
        try tree.setGradient(redToBlue, on: path)
        #expect(try tree.gradient(of: path) == redToBlue)
    }

    @Test("every rule of rh_gradient_t is enforced; a refusal changes nothing")
    func refusals() throws {
        let tree = LayerTree(timeline: Timeline())
        let rect = try tree.createLayer(kind: .rect, parent: nil)
        try tree.setGradient(redToBlue, on: rect)
        let black = RGBA.black
        func with(_ change: (inout Gradient) -> Void) -> Gradient {
            var g = redToBlue
            change(&g)
            return g
        }
        let bad: [(Gradient, String)] = [
            (with { $0.startX = .nan }, "gradient start_x = nan is out of range [-1000, 1000]"),
            (with { $0.endY = .infinity }, "gradient end_y = inf is out of range [-1000, 1000]"),
            (with { $0.startY = -1000.5 }, "gradient start_y = -1000.5 is out of range [-1000, 1000]"),
            (with { $0.endX = 0.5; $0.endY = 0 }, "gradient start and end are the same point"),
            (with { $0.stops = [.init(0, black)] }, "gradient has 1 stops (2 to 16)"),
            (with { $0.stops = Array(repeating: .init(0, black), count: 17) }, "gradient has 17 stops (2 to 16)"),
            (with { $0.stops = [.init(0.6, black), .init(0.4, black)] }, "gradient stop 1 offset = 0.4 is below stop 0's 0.6"),
            (with { $0.stops[1].offset = 1.5 }, "gradient stop 1 offset = 1.5 is out of range [0, 1]"),
            (with { $0.stops[0].offset = -0.1 }, "gradient stop 0 offset = -0.1 is out of range [0, 1]"),
            (with { $0.stops[0].color.a = .nan }, "gradient stop 0 a = nan is out of range [0, 1]"),
            (with { $0.stops[1].color.g = 2 }, "gradient stop 1 g = 2.0 is out of range [0, 1]"),
        ]
        for (g, why) in bad {
            #expect(throws: LayerError.invalidGradient(why)) { try tree.setGradient(g, on: rect) }
            #expect(LayerError.invalidGradient(why).description == why)
        }
        #expect(try tree.gradient(of: rect) == redToBlue)
        // The limits themselves are fine: 16 stops, equal offsets, points at +-1000.
        let edge = Gradient(startX: -1000, startY: 0, endX: 1000, endY: 0,
                                  stops: Array(repeating: .init(0.5, black), count: 16))
        try tree.setGradient(edge, on: rect)
        #expect(try tree.gradient(of: rect) == edge)
    }
}
