import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.2's RH_WARN_NO_EFFECT, from a real C plugin (no_effect.c) through the
/// real host table: a value the layer's kind does not draw is stored, answered
/// with status 2 and said once per layer and value; the same value on a kind
/// that draws it is plain RH_OK.
@Suite struct NoEffectServiceTests {
    static let expected: [String: Int] = [
        "font size on rect": 2, "font size on rect again": 2, "line width on group": 2, "fill on group": 2,
        "stroke on image": 2, "fill rule on ellipse": 2, "gravity on text": 2, "line width animation on image": 2,
        "stroke keyframes on group": 2,
        "font size on text": 0, "line width on rect": 0, "shadow on group": 0, "fill on image": 0,
        "corner radius on group": 0, "line width animation on rect": 0,
    ]

    @Test("each value a kind does not draw gets RH_WARN_NO_EFFECT and one line per layer and value; it is stored")
    func noEffect() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("no_effect", into: dir.path)
        let s = try Session("test.fixture.no_effect", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        #expect(s.log.statuses == Self.expected)
        #expect(s.log.entries(of: .misuse).isEmpty, "a warning, not a misuse")
        let lines = s.log.entries(of: .noEffect).map(\.message)
        // Eight distinct (layer, value) pairs: the rect's font size twice is one line.
        #expect(lines.count == 8, "\(lines)")
        for text in ["layer_set: fontSize has no effect on a rect layer", "layer_set: lineWidth has no effect on a group layer",
                     "layer_set_color: fillColor has no effect on a group layer",
                     "layer_set_color: strokeColor has no effect on an image layer",
                     "layer_set: fillRule has no effect on an ellipse layer",
                     "layer_add_animation: lineWidth has no effect on an image layer",
                     "layer_add_keyframe_animation: strokeColor has no effect on a group layer"] {
            #expect(lines.contains { $0.hasPrefix(text) }, "no line says \(text): \(lines)")
        }
        #expect(s.log.entries(of: .plugin).map(\.message).contains("rect font size=24"), "stored, as asked")
    }

    @Test("the kinds' table matches what the renderer draws: geometry and shadows on every kind")
    func table() {
        for kind in LayerKind.allCases {
            for p in [LayerProperty.positionX, .width, .opacity, .rotation, .shadowOpacity, .cornerRadius, .clipsToBounds] {
                #expect(kind.draws(p), "\(kind.name) \(p.name)")
            }
            #expect(kind.draws(ColorProperty.shadow))
        }
        #expect(LayerKind.allCases.filter { $0.draws(LayerProperty.fontSize) } == [.text])
        #expect(LayerKind.allCases.filter { $0.draws(LayerProperty.contentsGravity) } == [.image])
        #expect(LayerKind.allCases.filter { $0.draws(LayerProperty.strokeEnd) } == [.rect, .ellipse, .path, .text])
        #expect(LayerKind.allCases.filter { $0.draws(ColorProperty.fill) } == [.rect, .ellipse, .path, .text, .image])
    }
}
