import Foundation
import RefreshTestSupport
import Testing

/// `run --record FILE` in a real terminal (tmux): the live session, driven
/// with the keys, comes out as a GIF or WebP of the phone at 2x with the
/// finger's touch mark, written when the preview ends by q, Ctrl-C or SIGTERM.
@Suite(.enabled(if: Tmux.available, "tmux is not installed: the live preview's terminal tests are skipped"))
struct LiveRecordTests {
    /// sh runs the CLI with `arguments`, then says how it ended and waits.
    func start(_ arguments: [String], environment: [String] = []) throws -> Tmux {
        let cli = (["env"] + environment + [TestPaths.cli] + arguments).map(shellQuoted).joined(separator: " ")
        return try Tmux("ulimit -c 0; \(cli); s=$?; printf '[exited %d]\\n' $s; read -r line")
    }

    var bundled: [String] { ["--plugin-path", TestPaths.bundledPlugins] }

    /// The CLI's process: the pane's shell's child.
    func cliProcess(_ tmux: Tmux) throws -> String {
        let shell = try tmux.format("#{pane_pid}")
        return try runProcess("/usr/bin/env", ["pgrep", "-P", shell]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many of 24 points on the rim of a touch mark centred at (x, y) pixels
    /// look like its rim: a neutral grey, darker than the list's white and its hairlines.
    static func rimPoints(_ canvas: [UInt8], width: Int, x: Double, y: Double) -> Int {
        (0..<24).filter { k in
            let angle = Double(k) / 24 * 2 * Double.pi
            // The rim runs from 16 to 18 points from the centre: 34 pixels is its middle at 2x.
            let px = Int(x + 34 * cos(angle)), py = Int(y + 34 * sin(angle))
            let i = (py * width + px) * 3
            let (r, g, b) = (Int(canvas[i]), Int(canvas[i + 1]), Int(canvas[i + 2]))
            return abs(r - g) < 12 && abs(g - b) < 12 && (90...165).contains(r)
        }.count
    }

    @Test("yelp --record out.gif, pulled with the keys and left down, q: the phone at 2x, frame by frame, the finger's mark where it is")
    func gif() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/out.gif"
        let tmux = try start(["run", "yelp", "--record", out] + bundled)
        #expect(try tmux.waitForLastLine(containing: "Yelp | idle | pull 0.00 | cycle 0 | rec out.gif |"))
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<4 {
            try tmux.send("Down")
            Thread.sleep(forTimeInterval: 0.03)
        }
        #expect(try tmux.waitForLastLine(containing: "Yelp | pulling |"))
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.send("q")
        #expect(try tmux.waitForScreen(containing: "[exited 0]", history: true))
        let said = try tmux.screen(history: true).split(separator: "\n").filter { $0.hasPrefix("recorded ") }
        #expect(said.count == 1 && said[0].hasPrefix("recorded \(out): "), "\(said)")

        var first: [UInt8] = []
        let gif = try DecodedGIF(path: out) { index, canvas in if index == 0 { first = canvas } }
        #expect(gif.width == 750 && gif.height == 600)
        // Frames at least for the idle start, the pull and the hold; GIF delays of 2 cs or more.
        #expect(gif.delays.count >= 3, "\(gif.delays)")
        // The count it reports is the file's, not the preview's frames before the encoder merged still ones.
        #expect(said.first?.hasPrefix("recorded \(out): \(gif.delays.count) frame(s), ") == true, "\(said) vs \(gif.delays.count) frames")
        #expect(gif.delays.dropLast().allSatisfy { $0 >= 2 }, "\(gif.delays)")
        #expect(gif.loopCount == 0)
        // The keyboard's finger: the middle of the screen, a fifth of the way down
        // plus its travel (4 x 24 points): (187.5, 156) points.
        let (x, y) = (187.5 * 2, 156.0 * 2)
        #expect(Self.rimPoints(gif.canvas, width: gif.width, x: x, y: y) >= 20, "no touch mark in the last frame")
        #expect(Self.rimPoints(first, width: gif.width, x: x, y: y) <= 4, "a touch mark before the finger touched")
        // Nothing of the write is left beside the file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.gif"])
    }

    @Test("Ctrl-C and SIGTERM while recording: the file is written whole, then the command ends by the signal",
          arguments: [("ctrl-c", "webp"), ("sigterm", "gif")])
    func signals(how: String, format: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.path + "/out." + format
        let tmux = try start(["run", "snapchat", "--record", out] + bundled)
        #expect(try tmux.waitForLastLine(containing: "| idle |"))
        try tmux.send("r")
        #expect(try tmux.waitForLastLine(containing: "| refreshing |"))
        Thread.sleep(forTimeInterval: 0.5)
        if how == "ctrl-c" {
            try tmux.send("C-c")
        } else {
            let cli = try cliProcess(tmux)
            #expect(!cli.isEmpty)
            try runProcess("/usr/bin/env", ["kill", "-TERM", cli])
        }
        let status = how == "ctrl-c" ? 128 + 2 : 128 + 15
        #expect(try tmux.waitForScreen(containing: "[exited \(status)]", history: true))
        let said = try tmux.screen(history: true).split(separator: "\n").first { $0.hasPrefix("recorded \(out): ") }
        #expect(said != nil)
        // The frame count it reports is the file's.
        let frames: Int
        if format == "webp" {
            let webp = try DecodedWebP(path: out)
            #expect(webp.width == 750 && webp.height == 600 && webp.timestamps.count >= 2, "\(webp.timestamps)")
            frames = webp.timestamps.count
        } else {
            let gif = try DecodedGIF(path: out)
            #expect(gif.width == 750 && gif.height == 600 && gif.delays.count >= 2, "\(gif.delays)")
            frames = gif.delays.count
        }
        #expect(said?.hasPrefix("recorded \(out): \(frames) frame(s), ") == true, "\(said ?? "") vs \(frames) frames")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out." + format])
    }

    @Test("--record without a live terminal, with --no-live, or to an unknown format: one usage line, nothing written")
    func usage() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let cases = [
            (["--record", dir.path + "/out.gif"], "--record \(dir.path)/out.gif: only for the live preview, and stdout is not a terminal"),
            (["--record", dir.path + "/out.gif", "--no-live"], "--record \(dir.path)/out.gif: only for the live preview, and --no-live asks for the timeline"),
            (["--record", dir.path + "/out.bmp"], "--record \(dir.path)/out.bmp: unknown format; use .gif or .webp"),
        ]
        for (arguments, message) in cases {
            let r = try runProcess(TestPaths.cli, ["run", "yelp"] + arguments + bundled)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.hasPrefix("Error: \(message)"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("--watch and --record together: the recording shows the first build, then the rebuilt one")
    func watchAndRecord() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugins = dir.path + "/plugins", builds = dir.path + "/builds"
        for folder in [plugins, builds, dir.path + "/cache"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        func build(_ label: String, _ color: String) throws -> String {
            try Fixture.build("live_reload", into: builds, output: label,
                              extraFlags: ["-DRELOAD_BUILD=\"\(label)\"", "-DRELOAD_COLOR=\(color)"])
        }
        try FileManager.default.copyItem(atPath: try build("v1", "1,0,0"), toPath: plugins + "/libreload.so")
        let v2 = try build("v2", "0,0,1")
        let out = dir.path + "/out.gif"
        let tmux = try start(["run", "live_reload", "--plugin-path", plugins, "--watch", "--record", out],
                             environment: ["XDG_CACHE_HOME=\(dir.path)/cache"])
        #expect(try tmux.waitForLastLine(containing: "Reload v1 | idle |"))
        // Pulled, so the header (red, then blue) shows above the list.
        try tmux.send("Down")
        try tmux.send("Down")
        #expect(try tmux.waitForLastLine(containing: "Reload v1 | pulling |"))
        Thread.sleep(forTimeInterval: 0.5)
        try FileManager.default.copyItem(atPath: v2, toPath: plugins + "/.next.so")
        #expect(rename(plugins + "/.next.so", plugins + "/libreload.so") == 0)
        #expect(try tmux.waitForLastLine(containing: "Reload v2 | pulling |"))
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.send("q")
        #expect(try tmux.waitForScreen(containing: "[exited 0]", history: true))

        // The header's corner, (10, 10) points, frame by frame: red, then blue, never back.
        var seen: [String] = []
        _ = try DecodedGIF(path: out) { _, canvas in
            let i = (20 * 750 + 20) * 3
            let colour = (canvas[i], canvas[i + 1], canvas[i + 2])
            let name = colour == (255, 0, 0) ? "red" : colour == (0, 0, 255) ? "blue" : "other"
            if seen.last != name { seen.append(name) }
        }
        #expect(seen.filter { $0 != "other" } == ["red", "blue"], "\(seen)")
    }
}
