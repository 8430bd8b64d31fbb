import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.2's cubic-bezier and steps curves in animate blocks and key-path
/// animations, called by a real C plugin (curve_calls.c) through the real host
/// table; and the same plugin declaring ABI 1.1, to which they are unknown.
@Suite struct CurveServiceTests {
    @Test("a 1.2 plugin's curves drive blocks and key-path animations; bad parameters get their status and one line each")
    func curves() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("curve_calls", into: dir.path)
        let s = try Session("test.fixture.curve_calls", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        let expected: [String: Int] = [
            "block bezier": 0, "block steps": 0, "anim bezier": 0, "anim steps": 0,
            "short struct": -2, "function.curve differs": -2, "step_position 2": -2, "anim spring": -2,
            "x1 NaN": -3, "y2 11": -3, "steps 0": -3, "steps 1001": -3, "anim x2 inf": -3,
        ]
        #expect(s.log.statuses == expected)
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count == 9, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("animate_begin: ") && $0.contains("x1 = nan") })
        #expect(misuse.contains { $0.hasPrefix("layer_add_animation: ") && $0.contains("x2 = inf") })
        #expect(misuse.contains { $0.contains("timing.struct_size does not reach") })
        #expect(misuse.contains { $0.contains("timing.function.curve 7 differs from timing.curve 6") })

        // The values on screen follow the curves (set up at t = 0, all 1 s long).
        let start = s.now
        s.advance(to: start + 0.5)
        let ease = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        let rect = try #require(s.snapshot().children(of: s.controller.root).first)
        #expect(close(rect[.opacity], 1 - ease.progress(0.5), 1e-9))
        #expect(close(rect[.rotation], ease.progress(0.5), 1e-9))
        #expect(rect[.positionX] == 75, "steps(4, jump-start) at 0.5 has made three jumps")
        #expect(rect[.positionY] == 50, "steps(2, jump-end) at 0.5 has made one")
        #expect(rect[.height] == 20 && rect[.width] == 20 && rect[.cornerRadius] == 0, "refused calls changed nothing")
    }

    @Test("a plugin that declares 1.1 gets \"unknown curve\" for curves 6 and 7, whatever their parameters")
    func olderPlugin() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("curve_calls", into: dir.path, extraFlags: ["-DFIXTURE_ABI_MINOR=1"])
        let s = try Session("test.fixture.curve_calls", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        let statuses = s.log.statuses
        #expect(statuses.count == 13)
        #expect(statuses.values.allSatisfy { $0 == -2 }, "\(statuses)")
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.filter { $0.contains("unknown curve 6") || $0.contains("unknown curve 7") }.count == 12, "\(misuse)")
        let rect = try #require(s.snapshot().children(of: s.controller.root).first)
        #expect(rect[.opacity] == 1 && rect[.positionX] == 0 && rect[.rotation] == 0)
    }
}
