import Foundation
import RefreshGallery
import Testing

/// `refresh-host gallery`: the page itself, and the page in a real browser.
@Suite(.tags(.endToEnd), .serialized) struct GalleryTests {
    @Test("the page escapes what plugins say about themselves and shows every card's status")
    func pageContent() {
        let page = GalleryPage(generator: "test", cards: [
            GalleryCard(name: "<script>alert(1)</script>", id: "com.example.evil", vendor: "A & B \"quoted\"",
                        file: "/p/libEvil.so", status: .loaded, animation: "com.example.evil.webp"),
            GalleryCard(name: "libOld.so", file: "/p/libOld.so", status: .rejected("ABI 2.0 is not supported")),
            GalleryCard(name: "Yelp", id: "com.refreshhost.yelp", file: "libMine.so",
                        status: .shadowed(by: "libYelpStyle.so")),
        ])
        let html = page.html()
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("A &amp; B &quot;quoted&quot;"))
        #expect(html.contains("1 of 3 styles loaded"))
        #expect(html.contains("data-status=\"bad\"") && html.contains("ABI 2.0 is not supported"))
        #expect(html.contains("data-status=\"warn\"") && html.contains("libYelpStyle.so"))
        #expect(html.contains("<img src=\"com.example.evil.webp\""))
        // Nothing on the page reaches the network.
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test("element ids are unique (a shadowed style's card does not repeat the winner's), and a still's alt text says it is one")
    func idsAndAltText() throws {
        var shadowed = GalleryCard(name: "Yelp", id: "com.refreshhost.yelp", file: "libYelpStyle.so",
                                   status: .shadowed(by: "libMine.so"))
        shadowed.origin = "bundled"
        var winner = GalleryCard(name: "Yelp", id: "com.refreshhost.yelp", file: "libMine.so", status: .loaded,
                                 animation: "com.refreshhost.yelp.webp", poster: "com.refreshhost.yelp.png")
        winner.failureStill = "com.refreshhost.yelp-failure.png"
        let html = GalleryPage(generator: "test", cards: [shadowed, winner]).html()
        let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
        #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
        // The style that runs keeps the plain id, so #com.refreshhost.yelp links to it.
        #expect(cards(html)[1].hasPrefix(" data-status=\"ok\" id=\"com.refreshhost.yelp\""), "\(cards(html)[1].prefix(80))")
        #expect(ids.contains("com.refreshhost.yelp-2"))
        let alts = html.matches(of: /\salt="([^"]*)"/).map { String($0.output.1) }
        #expect(alts == ["Yelp pull-to-refresh animation", "Yelp half way through its ending when the refresh fails, a still picture"],
                "\(alts)")
    }

    /// The cards of one page, by the id attribute of their article (or their order).
    func cards(_ html: String) -> [String] {
        html.components(separatedBy: "<article class=\"card\"").dropFirst().map { String($0) }
    }

    @Test("a card whose style could not be drawn has no picture box and no green badge; refused and quarantined are their own status")
    func failedCards() {
        let passed = GalleryCard.Conformance(passed: true, strictness: 5, summary: "20 passed", problems: [])
        let failed = GalleryCard.Conformance(passed: false, strictness: 5, summary: "19 passed, 1 crashed",
                                             problems: ["lifecycle.order (crashed)"])
        var crashed = GalleryCard(name: "Crashes", id: "a.crash", file: "libA.so", status: .renderFailed("It crashed (SIGSEGV) in cycle while rendering."))
        crashed.conformance = passed
        var crashedAndFails = GalleryCard(name: "Crashes too", id: "b.crash", file: "libB.so", status: .renderFailed("It timed out: rendering took over 60 s and was stopped."))
        crashedAndFails.conformance = failed
        var fine = GalleryCard(name: "Fine", id: "c.fine", file: "libC.so", status: .loaded, animation: "c.fine.webp")
        fine.conformance = passed
        let page = GalleryPage(generator: "test", cards: [
            crashed, crashedAndFails, fine,
            GalleryCard(name: "libD.so", file: "libD.so", status: .refused("not a regular file")),
            GalleryCard(name: "libE.so", file: "libE.so", status: .quarantined("it crashed the scanner (SIGSEGV)")),
        ])
        let html = page.html()
        let c = cards(html)
        #expect(c.count == 5)
        // No image box at all where there is no animation.
        #expect(c.filter { $0.contains("<figure") }.count == 1)
        #expect(!html.contains("no animation"))
        // A render failure is the card's one headline: no "passes" badge beside it.
        #expect(c[0].contains("not rendered") && c[0].contains("It crashed (SIGSEGV) in cycle while rendering."))
        #expect(!c[0].contains("badge ok") && c[0].contains("no check failed; only drawing it did"))
        #expect(c[1].contains("<span class=\"badge bad\">fails</span> lifecycle.order (crashed)") && !c[1].contains("badge ok"))
        #expect(c[2].contains("<span class=\"badge ok\">passes</span>"))
        #expect(c[3].contains(">refused</span>") && c[3].contains("data-status=\"bad\""))
        #expect(c[4].contains(">quarantined</span>") && c[4].contains("it crashed the scanner"))
        #expect(html.contains("1 of 5 styles loaded, 2 not rendered"))
        #expect(page.cards.filter { $0.status.isFailure }.count == 2)
    }

    /// The gallery of the bundled styles plus a rejected and a shadowing fixture, made once.
    static let gallery: Result<String, any Error> = Result {
        let dir = TemporaryDirectory()
        let plugins = dir.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        _ = try Fixture.build("abi_major", into: plugins)
        _ = try Fixture.build("v_nan_rotation", into: plugins)
        _ = try Fixture.build("live_crash_in_cycle", into: plugins)
        _ = try Fixture.build("valid_minimal", into: plugins, output: "myyelp",
                              extraFlags: ["-DFIXTURE_ID=\"com.refreshhost.yelp\""])
        let result = try runProcess(TestPaths.cli, [
            "gallery", "--out", dir.path + "/site", "--plugin-path", TestPaths.bundledPlugins,
            "--plugin-path", plugins, "--scale", "1", "--fps", "15",
        ], environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin"])
        // live_crash_in_cycle cannot be drawn: the page is written, the exit status says so.
        guard result.status == 1, result.stdout.contains("1 style(s) failed"),
              result.stdout.contains("test.fixture.live_crash_in_cycle: not rendered: It crashed in cycle() with SIGSEGV while rendering.")
        else {
            throw FixtureError(message: "gallery (\(result.status)): \(result.stdout) \(result.stderr)")
        }
        return dir.path + "/site"
    }

    @Test("gallery writes index.html, an animation and a still per loaded style, and each style's validation; shadowed, rejected and crashing plugins get cards")
    func writesFiles() throws {
        let site = try Self.gallery.get()
        let files = try FileManager.default.contentsOfDirectory(atPath: site).sorted()
        // Per drawn style: its animation, its still, and a still of its failure ending (ABI 1.3); Material,
        // themeable, a second animation and still in another theme.
        // Orbit and Bloom come from Lottie files, Early Bird from PNG frames (the designer adapters).
        let drawn = ["appcoda", "colorchange", "material", "periscope", "snapchat", "storehouse", "waterdrop", "yahoo",
                     "yalantis", "yelp", "yikyak", "orbit", "bloom", "earlybird"].map { "com.refreshhost." + $0 }
            + ["test.fixture.v_nan_rotation"]
        let expected = drawn.flatMap { [$0 + ".png", $0 + ".webp", $0 + "-failure.png"] }
            + ["com.refreshhost.material-themed.png", "com.refreshhost.material-themed.webp", "index.html"]
        #expect(files == expected.sorted())
        let html = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<article class=\"card\"").count - 1 == 18)
        // The shadowed bundled Yelp's card does not repeat the winning fixture's id.
        let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
        #expect(Set(ids).count == ids.count, "repeated element ids: \(ids)")
        #expect(html.contains("15 of 18 styles loaded, 1 not rendered"))
        // A style that crashes while drawn costs only its own card (it is drawn in a child process).
        #expect(html.contains("It crashed in cycle() with SIGSEGV while rendering."))
        // Material declares itself themeable (ABI 1.3): its card shows it a second time, in the other mode.
        #expect(html.components(separatedBy: "<figcaption>In a second theme: ").count - 1 == 1)
        #expect(html.components(separatedBy: "<figcaption>When the refresh fails</figcaption>").count - 1 == 15)
        #expect(html.contains("com.refreshhost.material-themed.webp") && html.contains("In a second theme: dark theme"))
        // No path of this machine: file names and where on the search path they were found.
        let site2 = (site as NSString).deletingLastPathComponent
        for path in [site2, TestPaths.binDirectory, TestPaths.repository, NSTemporaryDirectory()] {
            #expect(!html.contains(path), "the page shows \(path)")
        }
        #expect(html.contains("libYahooStyle.so</code> <span class=\"origin\">(--plugin-path)</span>"))
        #expect(html.contains("lifecycle.order (crashed)"))
        // Each loaded style was validated: the bundled ones pass, the NaN fixture fails its check.
        #expect(html.components(separatedBy: "<span class=\"badge ok\">passes</span>").count - 1 == 14)
        #expect(html.contains("<span class=\"badge bad\">fails</span> values.finite (failed)"))
        #expect(html.contains("libabi_major.so") && html.contains("data-status=\"bad\""))
        #expect(html.contains("libmyyelp.so") && html.contains("data-status=\"warn\""))
        for field in ["com.refreshhost.yahoo", "Yahoo News Digest", "90 pt", "0.9 s", "RefreshHost", "1.0.0"] {
            #expect(html.contains(field), "missing \(field)")
        }
    }

    @Test("a second gallery over the same folder leaves no empty or temporary file")
    func rerun() throws {
        let site = try Self.gallery.get()
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let copy = dir.path + "/site"
        try FileManager.default.copyItem(atPath: site, toPath: copy)
        let plugins = (site as NSString).deletingLastPathComponent + "/plugins"
        let result = try runProcess(TestPaths.cli, [
            "gallery", "--out", copy, "--plugin-path", TestPaths.bundledPlugins, "--plugin-path", plugins,
            "--scale", "1", "--fps", "15", "--no-validate",
        ], environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 1, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: copy)
        #expect(files.sorted() == (try FileManager.default.contentsOfDirectory(atPath: site)).sorted())
        for file in files {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: copy + "/" + file)[.size] as? Int)
            #expect(size > 0, "\(file) is empty")
        }
    }

    @Test("styles stopped at --deadline get a timed-out card and leave no temporary behind")
    func deadline() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let site = dir.path + "/site"
        // A large, long render cannot finish in half a second.
        let result = try runProcess(TestPaths.cli, [
            "gallery", "--out", site, "--no-validate", "--deadline", "0.5", "--scale", "3", "--refresh", "10",
        ], environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("com.refreshhost.yelp: not rendered: It timed out: rendering took over 0.5 s and was stopped."),
                "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site) == ["index.html"])
    }

    @Test("a card says what the worker's ending says, not what the plugin printed: a fake crash line changes nothing")
    func typedFailure() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugins = dir.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        _ = try Fixture.build("fake_crash_line", into: plugins)
        // The fixture's card is what is checked: a binary with no bundled styles beside it draws only that.
        let result = try runProcess(try bareCLI(in: dir.path), [
            "gallery", "--out", dir.path + "/site", "--no-validate", "--plugin-path", plugins, "--scale", "1", "--fps", "10",
        ], environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin", "REFRESH_HOST_PLUGIN_PATH": ""])
        #expect(result.status == 1, "\(result.stderr)")
        let said = "test.fixture.fake_crash_line: not rendered: It ended its worker process (exit status 3) in cycle() while rendering."
        #expect(result.stdout.contains(said), "\(result.stdout)")
        #expect(!result.stdout.contains("SIGBUS") && !result.stdout.contains("setup"), "\(result.stdout)")
        let html = try String(contentsOfFile: dir.path + "/site/index.html", encoding: .utf8)
        #expect(html.contains("It ended its worker process (exit status 3) in cycle() while rendering.") && !html.contains("SIGBUS"))
    }

    @Test("in headless Chromium every animation loads", .enabled(if: Chromium.path != nil, Chromium.missingMessage))
    func browserLoadsAnimations() throws {
        let site = try Self.gallery.get()
        let profile = TemporaryDirectory()
        defer { profile.remove() }
        let dom = try Chromium.dumpDOM(site + "/index.html", profile: profile.path)
        let images = dom.components(separatedBy: "<img ").dropFirst()
        #expect(images.count == 31, "15 drawn styles, each also failing, and Material (themeable) a second time")
        // The page's own load handler marks each decoded image; a broken one would say "missing".
        #expect(images.allSatisfy { $0.contains("data-state=\"loaded\"") }, "\(dom)")
        #expect(!dom.contains("data-state=\"missing\"") && !dom.contains("phone missing"))
    }

    @Test("a Chromium screenshot shows every card and each style's still at the threshold",
          .enabled(if: Chromium.path != nil, Chromium.missingMessage))
    func browserScreenshot() throws {
        let site = try Self.gallery.get()
        let profile = TemporaryDirectory()
        defer { profile.remove() }
        let png = profile.path + "/shot.png"
        // Tall enough for every card, three to a row (each with its failure still; Material's row taller).
        try Chromium.screenshot(site + "/index.html", to: png, width: 1400, height: 6400, virtualTime: 1000,
                                reducedMotion: true, profile: profile.path + "/profile")
        let shot = try DecodedPNG(png)
        #expect(shot.width == 1400 && shot.height == 6400)
        #expect(shot[2, 2] == 0xF4F4F7, "page background")
        // Phone bezels and white cards and list rows.
        #expect(shot.count(near: 0x111111, tolerance: 2) > 20_000)
        #expect(shot.count(near: 0xFFFFFF, tolerance: 0) > 200_000)
        // The stills: Snapchat's yellow and Yik Yak's teal headers, Yahoo's purple dot, Yelp's compass blue-grey.
        #expect(shot.count(near: 0xFFFF00, tolerance: 10) > 3_000, "Snapchat yellow")
        #expect(shot.count(near: 0x1BC2B6, tolerance: 10) > 3_000, "Yik Yak teal")
        #expect(shot.count(near: 0x800080, tolerance: 24) > 20, "Yahoo purple dot")
        // The status badges in view: green "loaded" and "passes", amber "shadowed", red "fails" or "rejected".
        #expect(shot.count(near: 0xE3F6E8, tolerance: 2) > 6 * 300)
        #expect(shot.count(near: 0xFFF3D6, tolerance: 2) > 300)
        #expect(shot.count(near: 0xFDE4E4, tolerance: 2) > 300)
    }
}
