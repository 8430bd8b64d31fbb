import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.2's layer_add_keyframe_animation, called by a real C plugin
/// (kf_hostile.c) through the real host table: five valid animations run and
/// show at given times, every hostile call gets its status and one log line,
/// and none of them changes anything.
@Suite struct KeyframeServiceTests {
    static let expected: [String: Int] = [
        "number": 0, "color": 0, "morph": 0, "gradient": 0, "adjusted": 1, "timer": 0,
        "NULL": -2, "struct_size 8": -2, "layer 9999": -1, "kind 9": -2, "property 99": -2, "property SCALE": -2,
        "color property 7": -2, "path property 3": -2,
        "count 1": -3, "count 257": -3, "count 4e9": -3,
        "numbers NULL": -2, "colors NULL": -2, "paths NULL": -2, "gradients NULL": -2,
        "number NaN": -3, "number 1e300": -3, "line cap 0.5": -3, "color NaN": -3,
        "key time NaN": -3, "key times backwards": -3, "key time first 0.5": -3,
        "function spring": -2, "function curve 42": -2, "function x1 NaN": -3, "function steps 0": -3,
        "duration NaN": -3, "duration 0": -3, "duration 1e9": -3, "delay -1": -3, "delay inf": -3,
        "repeat NaN": -3, "repeat -1": -3,
        "path on rect": -2, "gradient on group": -2,
        "paths other op": -2, "paths other count": -2, "path NaN": -3, "path op 99": -2, "path elements NULL": -2,
        "path 5000 elements": -6,
        "gradients other kind": -2, "gradients other stop count": -2, "gradient stops NULL": -2,
        "gradient struct_size 8": -2, "gradient NaN": -3, "gradient 17 stops": -3,
    ]

    @Test("every hostile call gets its status and one line; the valid ones run, morph and tween at given times")
    func hostile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("kf_hostile", into: dir.path)
        let s = try Session("test.fixture.kf_hostile", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        #expect(s.log.statuses == Self.expected)

        // One line per refusal, naming the call; one for the adjusted path.
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count == Self.expected.values.filter { $0 < 0 }.count + 1, "\(misuse)")
        #expect(misuse.allSatisfy { $0.hasPrefix("layer_add_keyframe_animation: ") }, "\(misuse)")
        for text in ["numbers[1]: opacity = nan", "colors[1].g = nan", "key_times[1] = nan", "functions[1]: cubic-bezier x1 = nan",
                     "duration = nan", "repeat_count = nan", "paths[1] element 1: position.x = nan", "gradients[1]: gradient stop 1 offset = nan",
                     "paths[1] element 1 is a curve-to where the first path has a line-to", "gradients[1] is linear where the first gradient is radial",
                     "count = 4000000000", "paths[1] has 5000 elements", "RH_PROP_SCALE", "paths start with a line-to"] {
            #expect(misuse.contains { $0.contains(text) }, "no line says \(text): \(misuse)")
        }

        let root = s.controller.root
        func layers() -> [LayerSnapshot] { s.snapshot().children(of: root) }
        let start = s.now
        s.advance(to: start + 0.5)
        // Read by the plugin itself through layer_get_presentation(_color), from a 0.5 s timer.
        #expect(s.log.entries(of: .plugin).map(\.message).contains(
            "presentation opacity=0.500000 fill=0.750000,0.000000,0.250000,1.000000 finished=1"))

        s.advance(to: start + 1)
        let mid = layers()
        #expect(close(mid[0][.opacity], 0), "the rect half way: 1 -> 0 -> 1 is at 0")
        #expect(mid[0].fill.isClose(to: RGBA(0.5, 0, 0.5)))
        let morphed: [PathElement] = [.moveTo(x: 5, y: 5), .lineTo(x: 25, y: 10),
                                      .arc(cx: 15, cy: 15, radius: 7.5, startAngle: Double.pi / 2, endAngle: 1.5 * Double.pi), .close]
        #expect(pathsClose(mid[1].path, morphed), "\(mid[1].path)")
        #expect(mid[2].path == [.moveTo(x: 5, y: 10), .lineTo(x: 15, y: 10)], "the line-to that opened it became a move-to")
        #expect(mid[3].gradient?.kind == .radial)

        // After 2 s every animation has ended and the model values show: none ever changed.
        s.advance(to: start + 2)
        let after = layers()
        #expect(after[0][.opacity] == 1 && after[0].fill == .clear)
        #expect(after[1].path.isEmpty && after[2].path.isEmpty && after[3].gradient == nil)
        #expect(s.animator.animationCount == 0)
    }

    private func pathsClose(_ a: [PathElement], _ b: [PathElement]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.op == y.op && zip(x.numbers, y.numbers).allSatisfy { abs($0 - $1) < 1e-9 }
        }
    }
}
