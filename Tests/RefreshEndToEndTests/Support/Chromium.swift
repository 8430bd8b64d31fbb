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
