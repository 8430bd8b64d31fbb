import RefreshDiscovery
import RefreshGallery
import RefreshHostController
import RefreshPluginRuntime
import RefreshValidation
import Testing

/// What `gallery` decides and says besides drawing: which styles a footer gallery
/// shows, what each card's validation says, and the lines printed at the end.
@Suite struct GallerySummaryTests {
    static func entry(_ id: String, footer: Bool, status: PluginStatus = .loaded) -> PluginEntry {
        PluginEntry(descriptor: StyleDescriptor(id: id, name: id, version: "1",
                                                metrics: StyleMetrics(height: 60, cycleDuration: 1, supportsFooter: footer)),
                    file: "/p/\(id).so", origin: .bundled, status: status)
    }

    @Test("a footer gallery keeps the styles that declare a footer and every card that is not a loaded style")
    func footers() {
        let entries = [Self.entry("com.a.drop", footer: true), Self.entry("com.b.yelp", footer: false),
                       Self.entry("com.c.gone", footer: false, status: .shadowed(by: "/x.so"))]
        let (kept, leftOut) = FooterSelection.split(entries)
        #expect(kept.map { $0.descriptor!.id } == ["com.a.drop", "com.c.gone"])
        #expect(leftOut == ["yelp"])
    }

    @Test("a card's verdict: passed unless a check failed, crashed or timed out; the count of each status; the problems by id")
    func conformance() {
        var results = [CheckResult(id: "loading.dlopen", group: "loading", level: 1, status: .passed, detail: ""),
                       CheckResult(id: "budget.frame", group: "budget", level: 3, status: .warning, detail: "")]
        var verdict = GalleryConformance.conformance(results, strictness: 5)
        #expect(verdict == GalleryCard.Conformance(passed: true, strictness: 5, summary: "1 passed, 1 warning", problems: []))
        results.append(CheckResult(id: "lifecycle.races", group: "lifecycle", level: 2, status: .crashed, detail: "SIGSEGV"))
        verdict = GalleryConformance.conformance(results, strictness: 5)
        #expect(!verdict.passed && verdict.problems == ["lifecycle.races (crashed)"])
    }

    @Test("the summary: cards and animations, the failures counted, a line for each card that is not a loaded style")
    func summary() {
        var drawn = GalleryCard(name: "Drop", id: "com.a.drop", file: "libDrop.so", status: .loaded)
        drawn.animation = "drop.webp"
        let failed = GalleryCard(name: "Yelp", id: "com.b.yelp", file: "libYelp.so", status: .renderFailed("it crashed"))
        let refused = GalleryCard(name: "x.so", file: "x.so", status: .refused("not ELF"))
        let page = GalleryPage(generator: "test", cards: [drawn, failed, refused])
        #expect(page.summary(index: "out/index.html") == [
            "out/index.html: 3 card(s), 1 animation(s), 1 style(s) failed",
            "  com.b.yelp: not rendered: it crashed",
            "  x.so: refused: not ELF",
        ])
        #expect(page.hasFailures)
        #expect(!GalleryPage(generator: "test", cards: [drawn]).hasFailures)
    }
}
