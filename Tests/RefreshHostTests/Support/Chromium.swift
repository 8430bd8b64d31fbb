import CCairo
import Foundation
import Testing

/// Debian's headless Chromium, for tests that look at a page in a real browser.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var missingMessage: Comment { "chromium is not installed (make test installs Debian's chromium)" }

    /// Loads `page` and returns the DOM after the page's load handlers ran.
    static func dumpDOM(_ page: String, profile: String) throws -> String {
        try run(["--dump-dom", "file://" + page], profile: profile).stdout
    }

    /// Loads `page` in a `width` x `height` window, lets `virtualTime` ms of
    /// page time pass, and writes a PNG screenshot.
    /// `reducedMotion` asks the page for its still images, so the picture does not
    /// depend on how far an animation got when the shot was taken.
    static func screenshot(_ page: String, to png: String, width: Int, height: Int, virtualTime: Int,
                           reducedMotion: Bool = false, profile: String) throws {
        let result = try run([
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--virtual-time-budget=\(virtualTime)",
            "--screenshot=" + png, "file://" + page,
        ] + (reducedMotion ? ["--force-prefers-reduced-motion"] : []), profile: profile)
        guard FileManager.default.fileExists(atPath: png) else {
            throw FixtureError(message: "chromium wrote no screenshot: \(result.stderr.suffix(500))")
        }
    }

    private static func run(_ arguments: [String], profile: String) throws -> ProcessResult {
        // Root in a container has no usable sandbox; the page is our own file.
        try runProcess("/usr/bin/timeout", ["120", path!, "--headless", "--no-sandbox", "--disable-gpu",
                                            "--no-first-run", "--user-data-dir=" + profile] + arguments)
    }
}

/// A PNG read back with cairo, as 0xRRGGBB pixels.
struct DecodedPNG {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(_ path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw FixtureError(message: "\(path): not a PNG cairo can read")
        }
        defer { cairo_surface_destroy(surface) }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x] & 0xFFFFFF) }
        }
        self.pixels = pixels
    }

    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// How many pixels are within `tolerance` (per channel) of `rgb`.
    func count(near rgb: UInt32, tolerance: Int = 6) -> Int {
        func channel(_ v: UInt32, _ shift: UInt32) -> Int { Int((v >> shift) & 0xFF) }
        return pixels.reduce(0) { n, p in
            abs(channel(p, 16) - channel(rgb, 16)) <= tolerance && abs(channel(p, 8) - channel(rgb, 8)) <= tolerance
                && abs(channel(p, 0) - channel(rgb, 0)) <= tolerance ? n + 1 : n
        }
    }
}
