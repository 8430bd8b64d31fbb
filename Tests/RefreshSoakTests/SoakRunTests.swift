import RefreshDiscovery
import RefreshSoak
import RefreshTestSupport
import Testing

/// A short soak through real workers: seeded, so the same seed gives the same run, and clean.
@Suite struct SoakRunTests {
    static func styles() -> [SoakStyle] {
        TestPaths.loadBundledPlugins().registry.styles.compactMap { e in e.descriptor.map { SoakStyle(file: e.file, id: $0.id) } }
            .filter { ["com.refreshhost.yahoo", "com.refreshhost.yelp"].contains($0.id) }
            .sorted { $0.id < $1.id }
    }

    @Test("1,000 steps over two styles in workers: no violation, every begin ended, the control disabled and enabled, and a seed replays its run")
    func shortSoak() {
        var options = SoakOptions(workerExecutable: TestPaths.cli)
        (options.steps, options.seed, options.sessionSteps, options.sampleEvery) = (1000, 42, 500, 100)
        let styles = Self.styles()
        #expect(styles.count == 2)
        let first = SoakRun(styles: styles, options: options).run()
        #expect(first.violations.isEmpty, "\(first.violations)")
        #expect(first.steps == 1000 && first.sessions == 2 && first.begins == first.ends && first.begins > 0)
        #expect(first.disables > 0, "the app never disabled the control")
        let again = SoakRun(styles: styles, options: options).run()
        #expect(again.begins == first.begins && again.problems == first.problems && again.disables == first.disables)
    }
}
