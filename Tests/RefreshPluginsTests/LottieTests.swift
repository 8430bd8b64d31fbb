import CRLottie
import Foundation
import Testing

/// The Lottie adapter (Plugins/Lottie) through the real CLI, with designers'
/// files from Tests/Fixtures/lottie in a private data folder: markers map to
/// the right frames at the right moments (frames.json's colour says its
/// frame), results pick their ending, its frames are rlottie's own pixels,
/// and every broken file is one line naming it.
@Suite struct LottieTests {
    static let fixtures = TestPaths.fixtures + "/lottie"

    /// A private HOME and data folder holding copies of `files` from the fixtures.
    struct Designs {
        let dir = TemporaryDirectory()
        var styles: String { dir.path + "/data/refresh-host/styles" }

        init(_ files: [String]) throws {
            try FileManager.default.createDirectory(atPath: styles, withIntermediateDirectories: true)
            for file in files { try FileManager.default.copyItem(atPath: LottieTests.fixtures + "/" + file, toPath: styles + "/" + file) }
        }

        func cli(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(TestPaths.cli, arguments, environment: [
                "HOME": dir.path + "/home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": dir.path + "/cache",
                "XDG_DATA_HOME": dir.path + "/data",
            ])
        }

        func render(_ style: String, _ extra: [String]) throws -> DecodedPNG {
            let out = dir.path + "/\(UUID().uuidString).png"
            let r = try cli(["render", style, "--out", out] + extra)
            try #require(r.status == 0, "\(extra): \(r.stderr)")
            return try DecodedPNG(out)
        }
    }

    /// frames.json's frame on screen: its one rectangle is blue with red = frame / 120.
    func frame(_ png: DecodedPNG) -> Int? {
        var counts: [UInt32: Int] = [:]
        for p in png.pixels where p & 0xFF >= 0xF8 && (p >> 8) & 0xFF <= 4 { counts[p, default: 0] += 1 }
        guard let (colour, n) = counts.max(by: { $0.value < $1.value }), n > 1000 else { return nil }
        return Int((Double(colour >> 16) / 255 * 120).rounded())
    }

    @Test("markers map to frames at their moments: pull scrubs, armed plays on arming, loop per cycle, each result its ending")
    func markersAtTheirMoments() throws {
        let d = try Designs(["frames.json"])
        defer { d.dir.remove() }
        let style = "test.frames"
        // pull 0-19, armed 20-29, loop 30-59, exit 60-79, success 80-99, failure 100-119, at 30 fps.
        // The default gesture pulls to 150 pt (1.5 x 100) over 0.6 s, fast at first: ratio 0.3 at 0.067 s,
        // 0.55 at 0.133 s, past the trigger at 0.3 s (`run --trace` shows each position).
        let a = try #require(frame(try d.render(style, ["--at", "0.067"])))
        let b = try #require(frame(try d.render(style, ["--at", "0.133"])))
        #expect((4...8).contains(a) && (9...13).contains(b), "the pull scrubs forward: \(a) then \(b)")
        #expect((20...29).contains(try #require(frame(try d.render(style, ["--at", "0.4"])))))
        let mid = try #require(frame(try d.render(style, ["--at", "cycle:2"])))
        #expect((42...48).contains(mid), "half way through a cycle is half way through the loop: \(mid)")
        #expect((80...99).contains(try #require(frame(try d.render(style, ["--at", "exit-mid"])))), "success")
        #expect((100...119).contains(try #require(frame(try d.render(style, ["--at", "exit-mid", "--result", "failure"])))))
        #expect((60...79).contains(try #require(frame(try d.render(style, ["--at", "exit-mid", "--result", "no-more"])))))

        let info = try d.cli(["info", style, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(abs((object["cycleDuration"] as? Double ?? 0) - 1.0) < 1e-9, "the loop marker: 30 frames at 30 fps")
        #expect(object["height"] as? Double == 100)
        #expect(object["source"] as? String == d.styles + "/frames.json")
    }

    @Test("a file with no markers loops whole and the pull scrubs its first half")
    func noMarkers() throws {
        let d = try Designs(["nomarkers.json"])
        defer { d.dir.remove() }
        let pulled = try #require(frame(try d.render("nomarkers", ["--at", "0.3"])))
        #expect((1...59).contains(pulled), "\(pulled)")
        let info = try d.cli(["info", "lottie.nomarkers", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(abs((object["cycleDuration"] as? Double ?? 0) - 4.0) < 1e-9, "120 frames at 30 fps")
    }

    /// How `png`'s header compares with rlottie's own rendering of `file` (a fixture's name, or a path; 200 x 100, resting in a refresh at 2x:
    /// the 100 pt header is at the top and the animation fills its height, centred: x from 87.5 pt, at 2x from
    /// pixel 175, 400 x 200 pixels), for the best-matching frame in `frames`: the mean and the largest channel
    /// difference, and how many pixels are off by more than 32 in some channel.
    func againstRlottie(_ png: DecodedPNG, file: String, frames: Range<Int>) throws
        -> (frame: Int, worst: Int, mean: Double, over32: Int) {
        let (x0, w, h) = (175, 400, 200)
        let background = png[2, 2]
        let data = try Data(contentsOf: URL(fileURLWithPath: file.hasPrefix("/") ? file : Self.fixtures + "/" + file))
        let animation = try #require(data.withUnsafeBytes { raw -> OpaquePointer? in
            var text = Array(raw.bindMemory(to: CChar.self))
            text.append(0)
            return lottie_animation_from_data(text, "test-\(file)", "")
        })
        defer { lottie_animation_destroy(animation) }
        var buffer = [UInt32](repeating: 0, count: w * h)
        var best = (frame: -1, worst: Int.max, mean: Double.infinity, over32: Int.max)
        for f in frames {
            buffer.withUnsafeMutableBufferPointer { lottie_animation_render(animation, f, $0.baseAddress, w, h, w * 4) }
            var worst = 0, total = 0, over32 = 0
            for y in 0..<h {
                for x in 0..<w {
                    let p = buffer[y * w + x]
                    let a = Int(p >> 24)
                    var diff = 0
                    for shift in [16, 8, 0] {
                        let src = Int((p >> UInt32(shift)) & 0xFF)  // premultiplied
                        let bg = Int((background >> UInt32(shift)) & 0xFF)
                        let expected = src + (255 - a) * bg / 255
                        let got = Int((png[x0 + x, y] >> UInt32(shift)) & 0xFF)
                        diff = max(diff, abs(expected - got))
                    }
                    worst = max(worst, diff)
                    total += diff
                    if diff > 32 { over32 += 1 }
                }
            }
            let mean = Double(total) / Double(w * h)
            if mean < best.mean { best = (f, worst, mean, over32) }
        }
        return best
    }

    /// One moment (by default half way through cycle 1) as SVG: how many paths and embedded pictures it holds.
    func svg(_ d: Designs, _ style: String, at moment: String = "cycle:1") throws -> (paths: Int, images: Int) {
        let out = d.dir.path + "/\(style)-\(moment).svg"
        let r = try d.cli(["render", style, "--at", moment, "--out", out])
        try #require(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        return (text.components(separatedBy: "<path").count - 1, text.components(separatedBy: "<image").count - 1)
    }

    @Test("a file the host's layers cannot draw (features.json has an image) is rlottie's own pixels, to rounding")
    func pixelsAreRlottiesOwn() throws {
        let d = try Designs(["features.json"])
        defer { d.dir.remove() }
        let png = try d.render("features", ["--at", "cycle:1", "--scale", "2"])
        // The frame on screen is somewhere in the loop (frames 20-39): the best match must be exact, to rounding.
        let best = try againstRlottie(png, file: "features.json", frames: 20..<40)
        #expect(best.mean < 0.5, "mean channel difference \(best.mean) at frame \(best.frame)")
        #expect(best.worst <= 3, "largest channel difference \(best.worst) at frame \(best.frame): straight RGBA rounds")
        #expect(try svg(d, "features").images == 1, "drawn as one picture")
    }

    @Test("a file rlottie's render tree carries is drawn as shapes: rlottie's frame to antialiasing, and paths in an SVG")
    func shapesAreRlottiesFrame() throws {
        let d = try Designs(["shapes.json", "shapes_pixels.json"])
        defer { d.dir.remove() }
        // Shapes: cairo's antialiasing is not rlottie's, so edges differ a little; a wrong colour, gradient, trim,
        // dash, mask or opacity would move the mean and the count of pixels far off.
        let shapes = try againstRlottie(try d.render("test.shapes", ["--at", "cycle:1", "--scale", "2"]),
                                        file: "shapes.json", frames: 20..<40)
        #expect(shapes.mean < 1.0, "mean channel difference \(shapes.mean) at frame \(shapes.frame)")
        #expect(shapes.over32 < 400, "\(shapes.over32) of 80,000 pixels off by more than 32 at frame \(shapes.frame)")
        // refreshHost.drawing "pixels" keeps rlottie's pixels for the same file.
        let pixels = try againstRlottie(try d.render("test.shapes-pixels", ["--at", "cycle:1", "--scale", "2"]),
                                        file: "shapes_pixels.json", frames: 20..<40)
        #expect(pixels.mean < 0.5 && pixels.worst <= 3, "\(pixels)")
        let vector = try svg(d, "test.shapes"), raster = try svg(d, "test.shapes-pixels")
        #expect(vector.images == 0 && vector.paths >= raster.paths + 8, "shapes: \(vector), pixels: \(raster)")
        #expect(raster.images == 1)
    }

    @Test("a layer that first shows inside a refresh cycle is drawn where rlottie draws it: the frame does not tween")
    func shapesMadeInACycleDoNotTween() throws {
        // Bloom's loop layer appears only in the loop, whose first frame is shown from cycle(), inside the host's
        // animate block; a layer made there once slid in from its defaults (anchor 0.5 to 0) over the cycle.
        let d = try Designs([])
        defer { d.dir.remove() }
        let png = try d.render("bloom", ["--at", "cycle:1", "--scale", "2"])
        let loop = try againstRlottie(png, file: TestPaths.repository + "/Plugins/Lottie/styles/bloom.json", frames: 84..<174)
        #expect(loop.mean < 1.0 && loop.over32 < 400, "\(loop)")
    }

    @Test("an alpha track matte drawn as shapes shows its target only through its source")
    func matteAsShapes() throws {
        let d = try Designs(["matte.json"])
        defer { d.dir.remove() }
        // 100 x 100 fills the 100 pt header from x 137.5 pt; at 2x the bar (y 40-60) is rows 80-120, the circle's
        // centre pixel (375, 100) and its radius 60 pixels.
        let png = try d.render("test.matte", ["--at", "cycle:1", "--scale", "2"])
        func green(_ p: UInt32) -> Bool { (p >> 8) & 0xFF > 150 && (p >> 16) & 0xFF < 80 }
        #expect(green(png[375, 100]) && green(png[420, 110]), "inside the circle the bar shows")
        #expect(!green(png[295, 100]) && !green(png[455, 100]), "in the bar but outside the circle nothing shows")
        #expect(png[295, 100] == png[2, 2], "outside the circle: the background")
    }

    @Test("more shapes than an instance may have layers (5000 repeated dots), or a path past the host's coordinates, is drawn as rlottie's pixels")
    func hostileShapesArePixels() throws {
        let d = try Designs(["many.json", "far.json"])
        defer { d.dir.remove() }
        for style in ["test.many", "test.far"] {
            let drawn = try svg(d, style)
            #expect(drawn.images == 1, "\(style): \(drawn)")
        }
        let png = try d.render("test.many", ["--at", "cycle:1"])
        #expect(png.pixels.contains { ($0 >> 16) & 0xFF > 200 && ($0 >> 8) & 0xFF < 120 }, "the red dots show")
    }

    @Test("a frame setup did not read (late.json is heavy) that the layers cannot draw turns the style to pixels from then on")
    func lateFrameTurnsToPixels() throws {
        let d = try Designs(["late.json"])
        defer { d.dir.remove() }
        // The pull scrubs frames 0-60: at 0.067 s (ratio 0.3) frame 18, shapes; in the loop the image (from frame 50) shows.
        #expect(try svg(d, "test.late", at: "0.067").images == 0 && svg(d, "test.late").images == 1)
        let trace = try d.cli(["run", "test.late", "--trace"])
        #expect(trace.stdout.contains("late.json: frame 50 has an image, which the host's layers do not draw: drawn as pixels from now on"),
                "\(trace.stdout.split(separator: "\n").filter { $0.contains("[log]") })")
    }

    @Test("a file that makes rlottie hang ends within the worker's budget, in one line, and nothing else is touched")
    func hangEndsWithinBudget() throws {
        let d = try Designs(["hang.json", "frames.json"])
        defer { d.dir.remove() }
        let out = d.dir.path + "/hang.png"
        let r = try d.cli(["render", "test.hang", "--out", out, "--budget", "0.5"])
        #expect(r.status == 4, "\(r.status): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && r.stderr.contains("test.hang") && r.stderr.contains("setup()"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(frame(try d.render("test.frames", ["--at", "cycle:1"])) != nil, "the style beside it still runs")
    }

    @Test("every broken file is one line naming it and the problem; the good file beside them loads")
    func brokenFiles() throws {
        let bad = ["broken", "not_lottie", "marker_outside", "marker_zero", "marker_unnamed", "marker_duplicate",
                   "other_markers", "external_image", "huge_size",
                   "bad_framerate", "deep", "huge_numbers", "bad_drawing"]
        let d = try Designs(bad.map { $0 + ".json" } + ["frames.json"])
        defer { d.dir.remove() }
        let r = try d.cli(["list", "--color", "never"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("test.frames ") && $0.contains(" loaded ") })
        let expected: [String: String] = [
            "broken": "not JSON: line 5, column 7",
            "not_lottie": "not a Lottie animation",
            "marker_outside": "marker \"loop\" ends at frame",
            "marker_zero": "lasts 0 frames",
            "marker_unnamed": "has no name",
            "marker_duplicate": "marker \"loop\" is there twice",
            "other_markers": "are not RefreshHost markers",
            "external_image": "a separate file",
            "huge_size": "\"w\" (the width) is 100000",
            "bad_framerate": "\"fr\" (the frame rate) is 0",
            "deep": "nested more than 128 deep",
            "huge_numbers": "too large",
            "bad_drawing": "refreshHost.drawing is \"vector\"; it is \"shapes\" or \"pixels\"",
        ]
        for (name, phrase) in expected {
            let line = lines.first { $0.contains("rejected: \(name).json: ") }
            #expect(line?.contains(phrase) == true, "\(name).json: \(line ?? "no line")")
        }
        let v = try d.cli(["validate", TestPaths.bundledPlugin("libLottieStyle.so"), "--only", "descriptors.strings"])
        #expect(v.status == 1 && v.stdout.contains("broken.json: not JSON"), "\(v.stdout)")
    }

    @Test("a file with features the adapter does not draw loads; list marks it, info and list --json name each with its layer and frames")
    func undrawnFeaturesLoad() throws {
        let d = try Designs(["undrawn.json", "blur_merge.json", "text_layer.json", "expression.json", "three_d.json"])
        defer { d.dir.remove() }
        let list = try d.cli(["list", "--color", "never"])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = list.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("test.undrawn ") && $0.contains(" loaded (5 not drawn) ") }, "\(list.stdout)")
        for id in ["lottie.text-layer", "lottie.expression", "lottie.three-d"] {
            #expect(rows.contains { $0.hasPrefix(id + " ") && $0.contains(" loaded (1 not drawn) ") }, "\(id): \(list.stdout)")
        }
        // Blur, shadow and merge paths: drawn or noted, the file loads and renders either way.
        #expect(rows.contains { $0.hasPrefix("test.blur-merge ") && $0.contains(" loaded") }, "\(list.stdout)")
        #expect(try d.cli(["render", "test.blur-merge", "--out", d.dir.path + "/bm.png", "--at", "cycle:1"]).status == 0)

        let info = try d.cli(["info", "test.undrawn"])
        let notes = info.stdout.split(separator: "\n").filter { $0.hasPrefix("not drawn ") }.map(String.init)
        let expected = [
            "layer \"label\" (frames 0-60): a text layer is skipped: the text is not drawn",
            "layer \"tinted\" (frames 0-60): \"Tint\" (an effect) is skipped: the layer is drawn without it",
            "layer \"rounded\" (frames 10-50): \"Round Corners 1\" (Round Corners) is skipped: the corners stay sharp",
            "layer \"shaded\" (frames 0-60): a blend mode (Multiply) is approximated: drawn in Normal mode",
            "layer \"deep\" (frames 0-60): 3D is approximated: the layer is drawn flat (its Z is ignored)",
        ]
        #expect(notes.count == expected.count, "\(info.stdout)")
        for line in expected { #expect(notes.contains { $0.hasSuffix("  " + line) }, "\(line) in \(info.stdout)") }
        let expression = try d.cli(["info", "lottie.expression"])
        #expect(expression.stdout.contains("layer \"square\" (frames 0-60): an expression on its Rotation is approximated"), "\(expression.stdout)")

        let json = try d.cli(["list", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let plugins = try #require(document["plugins"] as? [[String: Any]])
        let undrawn = try #require(plugins.first { $0["id"] as? String == "test.undrawn" })
        #expect(undrawn["unsupported"] as? [String] == expected, "\(undrawn)")
        let frames = try #require(plugins.first { ($0["id"] as? String)?.hasPrefix("com.") == true })
        #expect(frames["unsupported"] as? [String] == [], "a style in code has none: \(frames)")
        let styleJSON = try d.cli(["info", "test.undrawn", "--json"])
        let style = try #require(try JSONSerialization.jsonObject(with: Data(styleJSON.stdout.utf8)) as? [String: Any])
        #expect(style["unsupported"] as? [String] == expected)
        #expect(style["tags"] as? [String] == ["lottie"], "the lines are not tags: \(style["tags"] ?? "")")
    }

    @Test("validate warns about what is not drawn (exit 0), fails with --strict-features; new --from lists it; install proceeds with the warning")
    func undrawnFeaturesValidate() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let folder = d.dir.path + "/Undrawn"
        let made = try d.cli(["new", "Undrawn", "--from", Self.fixtures + "/undrawn.json", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("warning: not drawn as the file says: layer \"rounded\" (frames 10-50): \"Round Corners 1\""), "\(made.stderr)")
        let validated = try d.cli(["validate", folder, "--only", "descriptors", "--color", "never"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        let row = validated.stdout.split(separator: "\n").first { $0.hasPrefix("descriptors.drawn-features ") }
        #expect(row?.contains("warning") == true && row?.contains("5 feature(s) not drawn") == true, "\(validated.stdout)")
        let strict = try d.cli(["validate", folder, "--only", "descriptors", "--strict-features", "--color", "never"])
        #expect(strict.status == 1 && strict.stdout.contains("FAILED: descriptors.drawn-features"), "\(strict.stdout)")
        #expect(strict.stdout.contains("--strict-features"), "\(strict.stdout)")
        let clean = d.dir.path + "/Clean"
        #expect(try d.cli(["new", "Clean", "--from", Self.fixtures + "/nomarkers.json", "--dir", clean]).status == 0)
        let passed = try d.cli(["validate", clean, "--only", "descriptors.drawn-features", "--strict-features", "--color", "never"])
        #expect(passed.status == 0, "a file drawn whole passes even when strict: \(passed.stdout)")
        let installed = try d.cli(["install", folder])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(installed.stderr.contains("test.undrawn does not draw all of its file: layer \"label\""), "\(installed.stderr)")
        #expect(FileManager.default.fileExists(atPath: d.styles + "/Undrawn/undrawn.json"))
    }

    @Test("the next command sees a file changed, added or removed in the data folder")
    func filesAreWatched() throws {
        let d = try Designs(["frames.json"])
        defer { d.dir.remove() }
        #expect(try d.cli(["info", "test.frames"]).status == 0)
        // A longer loop marker: loop 30-89 (60 frames, 2 s) in a copy with a new name and id.
        var text = try String(contentsOfFile: d.styles + "/frames.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"test.frames\"", with: "\"test.frames2\"")
        try text.write(toFile: d.styles + "/second.json", atomically: true, encoding: .utf8)
        #expect(try d.cli(["info", "test.frames2"]).status == 0, "a file added is found")
        try "{ not json".write(toFile: d.styles + "/second.json", atomically: true, encoding: .utf8)
        let broken = try d.cli(["list", "--color", "never"])
        #expect(broken.stdout.contains("rejected: second.json: not JSON"), "a file changed is read again: \(broken.stdout)")
        try FileManager.default.removeItem(atPath: d.styles + "/second.json")
        let gone = try d.cli(["list", "--color", "never"])
        #expect(!gone.stdout.contains("second.json") && gone.stdout.contains("test.frames "), "a file removed is gone")
    }

    @Test("new --from a Lottie file makes a folder that validates at strictness 10, installs into the data folder and is removed again")
    func designerRoundTrip() throws {
        let d = try Designs([])
        defer { d.dir.remove() }
        let folder = d.dir.path + "/Sparkle"
        let made = try d.cli(["new", "Sparkle", "--from", Self.fixtures + "/nomarkers.json", "--dir", folder, "--id", "org.example.sparkle"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/sparkle.json"))
        let validated = try d.cli(["validate", folder, "--strictness", "10"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("style org.example.sparkle, made from Sparkle/sparkle.json"), "\(validated.stdout)")
        let installed = try d.cli(["install", folder])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(FileManager.default.fileExists(atPath: d.styles + "/Sparkle/sparkle.json"))
        #expect(try d.cli(["run", "sparkle", "--no-live"]).status == 0)
        let removed = try d.cli(["remove", "sparkle"])
        #expect(removed.status == 0 && removed.stdout == "Removed \(d.styles)/Sparkle (org.example.sparkle)\n", "\(removed.stdout)\(removed.stderr)")
        #expect(try d.cli(["info", "sparkle"]).status == 3)

        // A file that names its style itself keeps its id: --id would be lost, so it is refused.
        let named = try d.cli(["new", "Named", "--from", Self.fixtures + "/features.json", "--dir", d.dir.path + "/Named", "--id", "org.example.x"])
        #expect(named.status == 2 && named.stderr.contains("names its style itself (its refreshHost object)"), "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: d.dir.path + "/Named"))

        // A broken file is refused by validate (and so by install) with its one line.
        let bad = d.dir.path + "/Bad"
        #expect(try d.cli(["new", "Bad", "--from", Self.fixtures + "/marker_zero.json", "--dir", bad]).status == 0)
        let refused = try d.cli(["install", bad])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad.json: marker \"exit\" lasts 0 frames"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: d.styles + "/Bad"))
    }
}
