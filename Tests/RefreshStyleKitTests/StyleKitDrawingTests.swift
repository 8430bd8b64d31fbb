import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// RefreshStyleKit's ABI 1.2 API, used by a real Swift plugin
/// (Tests/SwiftKitFixture/DrawingUser.swift, built by the package into
/// libSwiftKitFixture.so): what each call returned to the plugin (it logs
/// "label: answer") and what reached the host's layers.
@Suite struct StyleKitDrawingTests {
    static let plugin = TestPaths.binDirectory + "/libSwiftKitFixture.so"

    func session() throws -> Session {
        try Session("test.swiftkit.drawing", directories: [SearchDirectory(Self.plugin, .option)])
    }

    @Test("stroke, shadow, fill rule, radial gradient, arc direction, font, mask: set through the kit, seen on the layers")
    func drawing() throws {
        let s = try session()
        defer { s.close() }
        let said = s.pluginAnswers
        #expect(said["dash"] == "ok")
        #expect(said["shadow"] == "true")
        #expect(said["presentation"] == "0.75 true", "the presentation value without an animation is the model value")
        #expect(said["cap"] == "round", "the getter reads back the enum")
        #expect(said["radial"] == "true")
        #expect(said["font"] == "ok")
        #expect(said["mask"] == "ok")
        // Refusals come back as the host's statuses, and adjusted as success.
        #expect(said["dash 33"] == "limit")
        #expect(said["mask not a child"] == "invalidArgument")
        #expect(said["font on a rect"] == "invalidArgument")
        #expect(said["line-first path"] == "true")

        let layers = Array(s.snapshot().dropFirst())
        let arc = layers[0], ring = layers[1], disc = layers[2], label = layers[3], masked = layers[4]
        #expect(arc[.strokeStart] == 0.1 && arc[.strokeEnd] == 0.75)
        #expect(arc[.lineCap] == 1 && arc[.lineJoin] == 2 && arc[.miterLimit] == 4)
        #expect(arc.dash == [6, 3] && arc[.dashPhase] == 2)
        #expect(arc[.shadowOpacity] == 0.3 && arc[.shadowRadius] == 4)
        #expect(arc[.shadowOffsetX] == 0 && arc[.shadowOffsetY] == 2)
        #expect(arc.shadow.isClose(to: RGBA.hex("#202020")))
        #expect(arc.path.contains { if case .arcNegative = $0 { true } else { false } }, "\(arc.path)")
        #expect(!arc.path.contains { if case .arc = $0 { true } else { false } })
        #expect(ring[.fillRule] == 1)
        #expect(disc.gradient?.kind == .radial)
        #expect(disc.gradient.map { ($0.startX, $0.startY, $0.endX, $0.endY) == (0.5, 0.5, 1, 1) } == true)
        #expect(label.font == FontSpec(family: "DejaVu Serif", weight: 700, italic: true))
        #expect(label[.lineWidth] == 1 && label.stroke == RGBA(1, 1, 1, 1), "the text stroke")
        #expect(masked.mask?.mode == .path)
        #expect(masked.mask.map { m in layers.contains { $0.id == m.layer && $0.parent == masked.id } } == true)
    }

    @Test("a font family that is not installed: the kit returns .adjusted (RH_WARN_ADJUSTED), the layer uses the fallback")
    func fontFallback() throws {
        let s = try session()
        defer { s.close() }
        #expect(s.pluginAnswers["missing family"] == "adjusted")
        #expect(s.log.entries(of: .misuse).contains { $0.message.contains("No Such Family 7f3a") })
    }

    @Test("keyframe animations of numbers, colours, paths and gradients; curves with parameters; the kit's own refusals")
    func keyframes() throws {
        let s = try session()
        defer { s.close() }
        s.pull(to: 100)
        s.controller.release()
        s.advance(to: s.now + 0.25)
        let said = s.pluginAnswers
        #expect(said["keyframes"] == "ok")
        #expect(said["colors"] == "ok")
        #expect(said["morph"] == "ok")
        #expect(said["gradients"] == "ok")
        #expect(said["mismatched morph"] == "invalidArgument")
        #expect(said["short key times"] == "invalidArgument", "refused by the kit before the host reads past the array")
        #expect(said["presentation while animated"] == "0.1", "the keyframe animation's first value, at its start")
        let arc = try #require(s.snapshot().dropFirst().first)
        #expect(arc[.strokeEnd] > 0.1 && arc[.strokeEnd] < 0.9, "0.25 s into 0.1 -> 0.9 -> 0.1")
        #expect(try s.tree.value(.strokeEnd, of: arc.id) == 0.75, "the model value is untouched")
        #expect(s.controller.endRefreshing())
        s.advance(to: s.now + 3)
        #expect(s.pluginAnswers["morph done"] != nil)
    }

    @Test("images from pixels, a sequence with its completion, release, pixel scale, timers and their cancel")
    func imagesAndTimers() throws {
        let s = try session()
        defer { s.close() }
        s.pull(to: 100)
        s.controller.release()
        s.advance(to: s.now + 1)
        let said = s.pluginAnswers
        #expect(said["pixel scale"] == "1.0")
        #expect(said["short pixels"] == "true", "the kit refuses a buffer shorter than width x height x 4")
        #expect(said["asset outside"] == "true")
        #expect(said["image"] == "ok")
        #expect(said["sequence"] == "ok")
        #expect(said["release"] == "ok" && said["release twice"] == "invalidArgument")
        #expect(said["sequence done"] == "true", "2 frames x 0.1 s x 2 passes are over")
        #expect(said["cancel"] == "ok")
        #expect(said["cancelled timer"] == "false")
        #expect(said["timer"] == "true")
        #expect(said["bad delay"] == "true" && said["refused timer"] == "false")
        let picture = try #require(s.snapshot().first { $0.kind == .image })
        #expect(picture.image != nil)
        #expect(picture[.contentsGravity] == 3)
    }
}
