import Foundation
import RefreshRender
import RefreshTestSupport
import Testing

/// A frame's SVG as a real browser draws it: `frame.svg` in `folder` put in a
/// page at 100 x 100, screenshot by headless Chromium at device scale 2 (in a
/// larger window: a small headless window is cut short; the picture is at the
/// top left), and compared with the renderer's own PNG of the same frame.
enum SVGInChromium {
    static func screenshot(in folder: String) throws -> DecodedPNG {
        try "<html><body style=\"margin:0\"><img src=\"frame.svg\" width=\"100\" height=\"100\"></body></html>"
            .write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        let png = folder + "/svg.png"
        _ = try runProcess("/usr/bin/timeout", [
            "120", "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=" + folder + "/profile", "--hide-scrollbars", "--force-device-scale-factor=2",
            "--window-size=300,300", "--virtual-time-budget=2000", "--screenshot=" + png,
            "file://" + folder + "/page.html",
        ])
        return try DecodedPNG(png)
    }

    /// Over `image`'s pixels: the share whose largest channel difference from the
    /// screenshot's is at most 16 levels, and the mean of those differences.
    static func agreement(_ shot: DecodedPNG, _ image: Bitmap) -> (close: Double, mean: Double) {
        var close = 0, total = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.pixel(x: x, y: y), p = shot[x, y]
                let d = max(abs(Int(c.r) - Int(p >> 16 & 255)), abs(Int(c.g) - Int(p >> 8 & 255)), abs(Int(c.b) - Int(p & 255)))
                if d <= 16 { close += 1 }
                total += d
            }
        }
        let n = Double(image.width * image.height)
        return (Double(close) / n, Double(total) / n)
    }

    /// Chromium's picture of `folder`'s frame.svg against `image` (the renderer's PNG of
    /// the same frame), held to the SVG tests' bounds: 97% of pixels within 16 levels,
    /// a mean difference under 3. Returns the screenshot for the caller's own probes.
    @discardableResult
    static func expectAgreement(in folder: String, with image: Bitmap,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> DecodedPNG {
        let shot = try screenshot(in: folder)
        try #require(shot.width >= image.width && shot.height >= image.height, "\(shot.width) x \(shot.height)",
                     sourceLocation: sourceLocation)
        let (close, mean) = agreement(shot, image)
        #expect(close >= 0.97, "within 16 levels: \(close)", sourceLocation: sourceLocation)
        #expect(mean < 3, "mean: \(mean)", sourceLocation: sourceLocation)
        return shot
    }
}
