import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.1's layer_set_gradient, called by a real C plugin (gradient_calls.c)
/// through the real host table: valid gradients land on the layers, NULL
/// removes one, and each bad call gets its status and a host log line.
@Suite struct GradientServiceTests {
    @Test("valid gradients apply (also inside an animate block), NULL removes, each refusal has its status")
    func calls() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("gradient_calls", into: dir.path)
        let s = try Session("test.fixture.gradient_calls", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }

        var status: [String: Int] = [:]
        for m in s.log.entries(of: .plugin).map(\.message) {
            guard let r = m.range(of: " status=") else { continue }
            status[String(m[..<r.lowerBound])] = Int(m[r.upperBound...])
        }
        let expected: [String: Int] = [
            "rect": 0, "ellipse": 0, "ellipse NULL": 0, "path in block": 0,
            "group": -2, "text": -2, "layer 9999": -1, "struct_size 8": -2, "stops NULL": -2,
            "start_x NaN": -3, "start == end": -3, "end_y 2000": -3, "1 stop": -3, "17 stops": -3,
            "offsets 0.6 0.4": -3, "offset 1.5": -3, "red 2.0": -3,
        ]
        #expect(status == expected)

        // One host log line per refusal, saying what was wrong.
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count == 13, "\(misuse)")
        #expect(misuse.allSatisfy { $0.hasPrefix("layer_set_gradient: ") })
        #expect(misuse.contains { $0.contains("group layer") })
        #expect(misuse.contains { $0.contains("start_x = nan") })
        #expect(misuse.contains { $0.contains("17 stops") })
        #expect(misuse.contains { $0.contains("below stop 0") })

        // The layers: the rect kept its red -> blue gradient through every
        // refusal, the ellipse's was removed, the path's applied at once
        // although it was set inside a 1 s block.
        let layers = s.snapshot()
        let byKind = Dictionary(grouping: layers.dropFirst(), by: \.kind)
        let redToBlue = Gradient.vertical(RGBA(1, 0, 0), RGBA(0, 0, 1))
        #expect(byKind[.rect]?.first?.gradient == redToBlue)
        #expect(byKind[.ellipse]?.first?.gradient == nil)
        #expect(byKind[.path]?.first?.gradient == redToBlue)
        #expect(byKind[.group]?.first?.gradient == nil)
        #expect(layers.first?.gradient == nil, "the root")
    }
}
