import Foundation
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing

/// ABI 1.3's footers: the same lifecycle at the bottom edge (Yik Yak declares
/// RH_STYLE_FOOTER), upside down on screen, with the footer's announcements
/// and the no-more-data state a load can end in.
@Suite struct FooterTests {
    func footer(_ style: String = "yikyak", trigger: TriggerPolicy? = nil) throws -> Session {
        try Session(style, settings: RunSettings(trigger: trigger, edge: .bottom))
    }

    func rootTop(_ s: Session) -> Double { s.snapshot()[0][.positionY] }

    @Test("the footer sits below the screen, comes up with the list's end, and rests at its height while loading")
    func geometry() throws {
        let s = try footer()
        defer { s.close() }
        #expect(rootTop(s) == 300, "closed: just below the 300 pt viewport")
        s.pull(to: 40)
        #expect(abs(rootTop(s) - 260) < 1e-9, "slide-up: right below the list's end, 40 pt up")
        #expect(s.controller.listPlacement.fromBottom && abs(s.controller.listPlacement.offset - 40) < 1e-9)
        s.controller.release()
        s.advance(to: s.now + 2)
        #expect(s.controller.state == .idle && rootTop(s) == 300, "below the trigger: back down, closed")
        var gesture = Gesture()
        gesture.startTime = s.now
        gesture.refreshDuration = 1
        gesture.schedule(on: s.controller)
        s.advance(to: gesture.releaseTime + 0.5)
        #expect(s.controller.state == .refreshing && abs(rootTop(s) - 220) < 1e-6, "resting: 80 pt up")
    }

    @Test("a footer speaks of loading, and a load that finds no more data stays open until reset")
    func noMoreData() throws {
        let s = try footer()
        defer { s.close() }
        var gesture = Gesture()
        gesture.result = RefreshResult(.noMore)
        s.run(gesture)
        let said = s.events.compactMap { if case let .announced(text) = $0.event { text } else { nil } }
        #expect(said == ["Pull up to load more", "Release to load more", "Loading", "No more data"])
        #expect(s.controller.state == .noMore && s.controller.isAtRest && s.controller.showsNoMoreData)
        #expect(abs(rootTop(s) - 220) < 1e-6, "still shown at its height")
        #expect(!s.calls.contains { $0.function == .reset }, "no reset: the footer keeps saying so")
        // It does not load again: neither a pull nor a programmatic start.
        #expect(!s.controller.beginRefreshing())
        s.pull(to: 150)
        #expect(s.controller.state == .noMore)
        s.controller.release()
        s.advance(to: s.now + 1)
        // New content: the app resets it, and it closes and can load again.
        s.controller.resetNoMoreData()
        s.advance(to: s.now + 1)
        #expect(s.controller.state == .idle && rootTop(s) == 300)
        #expect(s.calls.contains { $0.function == .reset })
        #expect(s.controller.beginRefreshing())
    }

    @Test("a header whose refresh ends with no more data closes as usual; a footer's success closes too")
    func noMoreOnlyForFooters() throws {
        let header = try Session("yikyak")
        defer { header.close() }
        var gesture = Gesture()
        gesture.result = RefreshResult(.noMore)
        header.run(gesture)
        #expect(header.controller.state == .idle)
        let s = try footer()
        defer { s.close() }
        s.run(Gesture())
        #expect(s.controller.state == .idle && rootTop(s) == 300)
    }

    @Test("an auto footer (on reach) starts loading while the finger is still down")
    func autoFooter() throws {
        let s = try footer(trigger: .onReach)
        defer { s.close() }
        s.pull(to: 100)
        #expect(s.controller.state == .refreshing && s.controller.scroll.isTouching)
    }

    @Test("run and render --edge footer: a footer for a style that declares it; one line and status 2 for one that does not")
    func commandLine() throws {
        let refused = try runProcess(TestPaths.cli, ["run", "yelp", "--edge", "footer", "--no-live",
                                                     "--plugin-path", TestPaths.bundledPlugins])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Yelp does not declare that it works as a footer (RH_STYLE_FOOTER)"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let png = dir.path + "/footer.png"
        let r = try runProcess(TestPaths.cli, ["render", "yikyak", "--edge", "footer", "--at", "cycle:1", "--out", png,
                                               "--plugin-path", TestPaths.bundledPlugins])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try DecodedPNG(png)
        // At 2x: the list's end fills the top, the teal footer the bottom 80 pt.
        #expect(image[image.width - 4, 10] == 0xFFFFFF, "the list at the top")
        #expect(image.count(near: 0x1BC2B6, tolerance: 4) > image.width * 120, "the teal footer at the bottom")
        #expect(image[image.width - 4, image.height - 4] == 0x1BC2B6)
        let timeline = try runProcess(TestPaths.cli, ["run", "yikyak", "--edge", "footer", "--result", "no-more", "--no-live",
                                                      "--plugin-path", TestPaths.bundledPlugins])
        #expect(timeline.stdout.contains("state exiting -> no-more") && timeline.stdout.contains("the footer shows no more data"))
    }

    @Test("gallery --edge footer draws the styles that work as footers and says which it left out")
    func gallery() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // Which styles are drawn is what is checked, not how finely: 1x at 15 fps (2x at 30 cost 15 s of CPU).
        let r = try runProcess(TestPaths.cli, ["gallery", "--edge", "footer", "--out", dir.path + "/site", "--no-validate",
                                               "--plugin-path", TestPaths.bundledPlugins, "--scale", "1", "--fps", "15"],
                               environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("left out 9 style(s) that do not declare RH_STYLE_FOOTER"), "\(r.stdout)")
        // Yik Yak and Material, and the three styles from designers' files (the adapters declare footers).
        #expect(r.stdout.contains("5 card(s), 5 animation(s)"), "\(r.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/site")
        #expect(files.contains("com.refreshhost.yikyak.webp") && files.contains("com.refreshhost.material.webp"))
        #expect(!files.contains("com.refreshhost.yelp.webp"))
    }
}
