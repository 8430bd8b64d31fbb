import Foundation
import RefreshTestSupport

/// Real synthetic input through XTest (xdotool), and screenshots of the root
/// window (ImageMagick's import), on the suite's X server.
struct XInput {
    let display: String

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runProcess("/usr/bin/xdotool", arguments, environment: ["DISPLAY": display])
        guard result.status == 0 else { throw FixtureError(message: "xdotool \(arguments): \(result.stderr)") }
        return result.stdout
    }

    /// Presses button 1 at `from`, moves in `steps` steps (16 ms apart, about a
    /// frame each) to `to`, and releases unless `release` is false.
    func drag(from: (Int, Int), to: (Int, Int), steps: Int = 20, release: Bool = true, pressed: Bool = false) throws {
        if !pressed { try xdotool(["mousemove", "\(from.0)", "\(from.1)", "mousedown", "1"]) }
        for i in 1...steps {
            let x = from.0 + (to.0 - from.0) * i / steps
            let y = from.1 + (to.1 - from.1) * i / steps
            try xdotool(["mousemove", "\(x)", "\(y)"])
            Thread.sleep(forTimeInterval: 0.016)
        }
        if release { try xdotool(["mouseup", "1"]) }
    }

    func release() throws { try xdotool(["mouseup", "1"]) }

    /// Wheel notches: up (button 4) or down (button 5), with the pointer at `at`.
    func wheel(up: Bool, notches: Int, at: (Int, Int)) throws {
        try xdotool(["mousemove", "\(at.0)", "\(at.1)", "click", "--repeat", "\(notches)", "--delay", "30", up ? "4" : "5"])
    }

    func key(_ name: String) throws { try xdotool(["key", name]) }

    /// Moves the window titled exactly `title` so its top-left is at (`x`, `y`) on the screen.
    func moveWindow(_ title: String, to x: Int, _ y: Int) throws {
        let ids = try xdotool(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n")
        guard let id = ids.first else { throw FixtureError(message: "no window titled \(title)") }
        try xdotool(["windowmove", "--sync", String(id), "\(x)", "\(y)"])
    }

    /// Resizes the window titled exactly `title` (no window manager: the request is the size).
    func resizeWindow(_ title: String, to width: Int, _ height: Int) throws {
        let ids = try xdotool(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n")
        guard let id = ids.first else { throw FixtureError(message: "no window titled \(title)") }
        try xdotool(["windowsize", String(id), "\(width)", "\(height)"])
    }

    /// Moves the pointer off the window (rows under it would be hovered).
    func parkPointer() throws { try xdotool(["mousemove", "1000", "760"]) }

    /// The whole screen, decoded.
    func screenshot(_ path: String) throws -> DecodedPNG {
        let result = try runProcess("/usr/bin/import", ["-display", display, "-window", "root", path])
        guard result.status == 0 else { throw FixtureError(message: "import: \(result.stderr)") }
        return try DecodedPNG(path)
    }
}
