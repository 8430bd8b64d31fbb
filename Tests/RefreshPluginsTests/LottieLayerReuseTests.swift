import Foundation
import Testing

/// Layers that leave a frame and come back, drawn as shapes (Plugins/Lottie/
/// lottie_tree.c), with comeback.json, written for it: a dot in frames 0-9,
/// and a bar under an alpha track matte from frame 20 on. A real export
/// (a LottieFiles pull-to-refresh whose spinner layers take turns) failed
/// validate for both: the adapter removed the dot's layers when it left and
/// made new ones when it came back, so reset did not show the layers setup
/// showed; and the matte, first made after the other instances' setup, had a
/// mask id that lifecycle.instances compared as it was, across trees.
@Suite struct LottieLayerReuseTests {
    func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

    @Test("a layer that leaves and comes back is the same host layer: reset restores setup's tree, instances do not differ")
    func resetAndInstances() throws {
        let d = try LottieTests.Designs(["comeback.json"])
        defer { d.dir.remove() }
        let r = try d.cli(["validate", "test.comeback", "--only",
                           "lifecycle.reset-restores,lifecycle.footer,lifecycle.instances", "--color", "never"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("3 passed, 0 warnings, 0 failed"), "\(r.stdout)")
    }

    @Test("the left-out layer is not drawn while it is out, and is drawn again when it is back")
    func hiddenWhileOut() throws {
        let d = try LottieTests.Designs(["comeback.json"])
        defer { d.dir.remove() }
        // No markers: the whole animation (60 frames, 2 s) loops from the release at 0.6 s. At 2x the
        // composition fills pixels (275, 0)-(475, 200); composition (50, 37) is pixel (375, 74), inside
        // the dot (diameter 30 at the centre) and above the bar.
        let orange = [230, 77, 26], blue = [51, 102, 230]
        func at(_ seconds: String) throws -> [Int] {
            channels(try d.render("test.comeback", ["--at", seconds, "--refresh", "4", "--scale", "2"])[375, 74])
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        let first = try at("0.7"), out = try at("1.6"), back = try at("2.7")
        #expect(near(first, orange), "frame 3 of the first cycle shows the dot: \(first)")
        #expect(near(out, blue), "frame 30: the dot is out, the square shows: \(out)")
        #expect(near(back, orange), "frame 3 of the second cycle shows the dot again: \(back)")
    }
}
