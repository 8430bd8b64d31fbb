import Foundation
import Testing

/// The frame-sequence adapter (Plugins/FrameSequence) through the real CLI,
/// with Tests/Fixtures/frames as the user's data folder: each state's frames
/// show at the right moment (every fixture frame is one colour that says its
/// state and index), and each broken folder disables only its own style with
/// its own line.
@Suite struct FrameSequenceTests {
    static let data = TestPaths.fixtures + "/frames"
    static let states: [UInt32: String] = [0x10: "idle", 0x20: "pulling", 0x30: "armed", 0x40: "refreshing", 0x50: "exit",
                                           0x60: "success", 0x70: "failure"]

    func cli(_ arguments: [String], data: String = FrameSequenceTests.data, home: TemporaryDirectory) throws -> ProcessResult {
        try runProcess(TestPaths.cli, arguments, environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home.path + "/cache", "XDG_DATA_HOME": data,
        ])
    }

    /// The state and frame index the fixture frame covering most of the picture says (blue 0x80 marks them).
    func shown(_ png: DecodedPNG) -> (state: String, frame: Int)? {
        var counts: [UInt32: Int] = [:]
        for p in png.pixels where p & 0xFF == 0x80 && Self.states[(p >> 8) & 0xFF] != nil { counts[p, default: 0] += 1 }
        guard let (colour, n) = counts.max(by: { $0.value < $1.value }), n > 100 else { return nil }
        return (Self.states[(colour >> 8) & 0xFF]!, Int(colour >> 16) / 8)
    }

    func render(_ style: String, _ extra: [String], home: TemporaryDirectory) throws -> (state: String, frame: Int)? {
        let out = home.path + "/frame-\(UUID().uuidString).png"
        let r = try cli(["render", style, "--out", out] + extra, home: home)
        try #require(r.status == 0, "\(extra): \(r.stderr)")
        return shown(try DecodedPNG(out))
    }

    @Test("each state's frames show at their moment: the pull scrubs pulling, arming plays armed, cycles loop refreshing, each result its ending")
    func statesAtTheirMoments() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let style = "png-counter"
        // The default gesture pulls to 1.5 x the 24 pt header over 0.6 s: the threshold at 0.4 s.
        let early = try #require(try render(style, ["--at", "0.15"], home: home))
        let later = try #require(try render(style, ["--at", "0.35"], home: home))
        #expect(early.state == "pulling" && later.state == "pulling")
        #expect(early.frame < later.frame && later.frame <= 9, "the pull scrubs forward: \(early) then \(later)")
        // Armed at 0.383 s (the timeline says so); its four frames at 20 fps play until the finger lifts at 0.6 s.
        #expect(try render(style, ["--at", "0.45"], home: home)?.state == "armed")
        #expect(try render(style, ["--at", "cycle:2"], home: home)?.state == "refreshing")
        #expect(try render(style, ["--at", "exit-mid"], home: home)?.state == "success", "a success ending when there is one")
        #expect(try render(style, ["--at", "exit-mid", "--result", "failure"], home: home)?.state == "failure")
        #expect(try render(style, ["--at", "exit-mid", "--result", "no-more"], home: home)?.state == "exit")

        // A cycle is one pass of refreshing/ (12 frames at 20 fps): half way through a cycle, frame 6 or so.
        let mid = try #require(try render(style, ["--at", "cycle:1"], home: home))
        #expect(mid.state == "refreshing" && (5...7).contains(mid.frame), "\(mid)")
        let info = try cli(["info", style, "--json"], home: home)
        let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect(abs((object?["cycleDuration"] as? Double ?? 0) - 0.6) < 1e-9)
        #expect(object?["source"] as? String == Self.data + "/refresh-host/styles/png-counter")
    }

    @Test("every broken folder is one line naming it and the cause; the good styles load beside them")
    func brokenFoldersAreOneLineEach() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let r = try cli(["list", "--color", "never"], home: home)
        #expect(r.status == 0, "\(r.stderr)")
        for id in ["com.refreshhost.fixtures.png-counter", "frames.gif-delays", "frames.webp-anim", "frames.bad-damaged-png"] {
            #expect(r.stdout.split(separator: "\n").contains { $0.hasPrefix(id + " ") && $0.contains(" loaded ") }, "\(id)")
        }
        let expected = [
            "rejected: bad-truncated-gif: refreshing.gif: truncated (in frame 2's pixels)",
            "rejected: bad-png-as-gif: refreshing.gif: not a GIF (bad signature)",
            "rejected: bad-sizes: refreshing/: frame 12 (frame12.png) is 64×64, frame 0 is 60×60",
            "rejected: bad-no-refreshing: no refreshing (",
            "rejected: bad-ini: style.ini line 2: fps = \"fast\" is not a number from 1 to 120",
            "rejected: bad-huge: refreshing.png: 5000×5000 pixels; each side may have at most 4096",
            "rejected: bad-link: refreshing.png is a link that leaves ",
            "rejected: bad-jpeg: refreshing.jpg: .jpg is not read",
            "rejected: bad-two-refreshing: both refreshing/ and refreshing.png; keep one",
            "rejected: png-counter-copy: id com.refreshhost.fixtures.png-counter is taken by ",
        ]
        for line in expected {
            #expect(r.stdout.contains(line), "\(line)\n\(r.stdout)")
        }
        #expect(!r.stdout.contains("lottie-only") && !r.stdout.contains("hidden"))

        // A frame that passes the header scan but does not decode fails its run, and only its run.
        let damaged = try cli(["run", "bad-damaged-png", "--no-live"], home: home)
        #expect(damaged.status == 4, "\(damaged.stderr)")
        #expect(damaged.stderr.split(separator: "\n").count == 1 && damaged.stderr.contains("bad-damaged-png"), "\(damaged.stderr)")
        #expect(try cli(["run", "gif-delays", "--no-live"], home: home).status == 0)
    }

    @Test("GIF and WebP frames are composed as a browser would, and timed by their delays")
    func composedFrames() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        // gif-delays: 17 steps of 20 ms a cycle; its frame 4 (from step 14) is TL clear, BL c3, TR c4, BR c0.
        let info = try cli(["info", "gif-delays", "--json"], home: home)
        let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect(abs((object?["cycleDuration"] as? Double ?? 0) - 0.34) < 1e-9)
        let webp = try cli(["info", "webp-anim", "--json"], home: home)
        let w = try JSONSerialization.jsonObject(with: Data(webp.stdout.utf8)) as? [String: Any]
        #expect(abs((w?["cycleDuration"] as? Double ?? 0) - 0.35) < 1e-9)
        #expect(w?["height"] as? Double == 40)
    }
}
