import CCairo
import Foundation
import Testing

/// What rlottie's render tree leaves out and the host draws for the Lottie
/// adapter (Plugins/Lottie/lottie_effects.h), checked against references made
/// another way, with committed files written for it (Tests/Fixtures/lottie):
/// effects.json's Gaussian Blur against the Gaussian's closed form at a frame
/// between two keys (8 levels of 255 allowed, 3 measured; the key's value, not
/// the interpolated one, is 44 off), its Drop
/// Shadow by where it falls; merge.json's Merge Paths (subtract, intersect,
/// exclude) against the merged shapes drawn with cairo as single paths
/// (even-odd where the result has a hole). rlottie 0.1 draws none of them
/// (its frame of merge.json fills each pair as one union).
@Suite struct LottieEffectsTests {
    /// The 100 x 100 composition fills the 100 pt header from x 137.5 pt; at 2x
    /// composition point (x, y) is pixel (275 + 2x, 2y).
    static let left = 275.0

    func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

    @Test("Gaussian Blur: the blurred square is the Gaussian of sigma 0.3 x Blurriness, its animated value between two keys")
    func blurIsTheGaussian() throws {
        let d = try LottieTests.Designs(["effects.json"])
        defer { d.dir.remove() }
        // Blurriness goes 10 -> 20 linearly over the loop (frames 20-40): half way through cycle 1, frame 30,
        // it is 15: sigma 4.5 composition pixels, 9 image pixels.
        let png = try d.render("test.effects", ["--at", "cycle:1", "--scale", "2"])
        let background = channels(png[285, 190])
        let blue = [0, 0, 255], sigma = 9.0
        func coverage(_ x: Double, _ a: Double, _ b: Double) -> Double {
            0.5 * (erf((x - a) / (sigma * 2.0.squareRoot())) - erf((x - b) / (sigma * 2.0.squareRoot())))
        }
        var worst = 0
        for y in 30..<170 {
            for x in 305..<445 {
                let a = coverage(Double(x) + 0.5, 335, 415) * coverage(Double(y) + 0.5, 60, 140)
                let got = channels(png[x, y])
                for c in 0..<3 {
                    let want = Int((Double(background[c]) * (1 - a) + Double(blue[c]) * a).rounded())
                    worst = max(worst, abs(got[c] - want))
                }
            }
        }
        #expect(worst <= 8, "largest difference from the Gaussian: \(worst)")
    }

    @Test("Drop Shadow: direction 180 and distance 10 cast the square's shadow 10 points below it, in its colour")
    func dropShadowFallsBelow() throws {
        let d = try LottieTests.Designs(["effects.json"])
        defer { d.dir.remove() }
        let png = try d.render("test.effects", ["--at", "cycle:1", "--scale", "2"])
        // The orange square spans x 85-95, y 5-15; its shadow y 15-25.
        #expect(channels(png[Int(Self.left) + 180, 20]) == [255, 127, 0], "the square itself (rlottie's 0.5 x 255)")
        #expect(channels(png[Int(Self.left) + 180, 40]) == [0, 0, 0], "its black shadow below")
        #expect(channels(png[Int(Self.left) + 180, 56]) == channels(png[285, 190]), "nothing further down")
    }

    @Test("Drop Shadow's colour animates: black to blue over the loop is half way at its middle")
    func dropShadowColourAnimates() throws {
        let d = try LottieTests.Designs(["effects.json"])
        defer { d.dir.remove() }
        // The same file with the Shadow Color keyed: [0,0,0] at frame 20, [0,0,1] at 40, linear.
        let path = d.styles + "/effects.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let fixed = #""mn":"ADBE Drop Shadow-0001","ix":1,"v":{"a":0,"k":[0,0,0,1]}"#
        let keyed = #""mn":"ADBE Drop Shadow-0001","ix":1,"v":{"a":1,"k":[{"t":20,"s":[0,0,0,1],"#
            + #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[0,0,1,1]}]}"#
        try #require(text.contains(fixed))
        text = text.replacingOccurrences(of: fixed, with: keyed)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let png = try d.render("test.effects", ["--at", "cycle:1", "--scale", "2"])
        let shadow = channels(png[Int(Self.left) + 180, 40])
        #expect(shadow[0] == 0 && shadow[1] == 0 && abs(shadow[2] - 128) <= 2, "frame 30: half way to blue, \(shadow)")
        #expect(channels(png[Int(Self.left) + 180, 20]) == [255, 127, 0], "the square itself is unchanged")
    }

    @Test("Merge Paths subtract, intersect and exclude are the merged shapes, as cairo draws them as one path")
    func mergePathsAreTheMergedShapes() throws {
        let d = try LottieTests.Designs(["merge.json"])
        defer { d.dir.remove() }
        let png = try d.render("test.merge", ["--at", "cycle:1", "--scale", "2"])
        let bg = channels(png[285, 190]).map { Double($0) / 255 }
        let width = png.width, height = png.height
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, bg[0], bg[1], bg[2])
        cairo_paint(cr)
        cairo_translate(cr, Self.left, 0)
        cairo_scale(cr, 2, 2)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        // subtract: a 40 x 40 square at (25, 25) less a circle of diameter 20: a ring.
        cairo_rectangle(cr, 5, 5, 40, 40)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 25, 25, 10, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_fill(cr)
        // intersect: squares 50-80 and 65-95 overlap in 65-80.
        cairo_rectangle(cr, 65, 65, 15, 15)
        cairo_set_source_rgb(cr, 0, 0.6, 0)
        cairo_fill(cr)
        // exclude: squares 55-85 x 5-35 and 65-95 x 15-45, less their overlap.
        cairo_rectangle(cr, 55, 5, 30, 30)
        cairo_rectangle(cr, 65, 15, 30, 30)
        cairo_set_source_rgb(cr, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let reference = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * height) { $0 }
        var worst = 0, off = 0
        for y in 0..<200 {
            for x in 275..<475 {
                let a = channels(png[x, y]), b = channels(reference[y * stride + x])
                let diff = zip(a, b).map { abs($0 - $1) }.max()!
                worst = max(worst, diff)
                if diff > 8 { off += 1 }
            }
        }
        // rlottie's circle is four Bezier arcs, cairo's its own: measured 0 pixels off by more than 8, the worst by 1.
        #expect(off == 0 && worst <= 8, "\(off) of 40,000 pixels off by more than 8, the worst by \(worst)")
        #expect(channels(png[325, 50]) == channels(png[285, 190]), "the subtracted hole shows the background")
        #expect(channels(png[Int(Self.left) + 150, 30]) == channels(png[285, 190]), "the excluded overlap is clear")
    }
}
