import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// Footers (ABI 1.3): a style that declares RH_STYLE_FOOTER runs the whole
/// lifecycle at the bottom edge as well as at the top.
/// Each check's id, level and documentation are in Catalogue.swift.
enum FooterChecks {
    static func footer(_ c: CheckContext) throws -> Outcome {
        var notes: [String] = []
        for d in try c.styles() {
            guard d.metrics.supportsFooter else {
                notes.append("\(d.shortName): not a footer (no RH_STYLE_FOOTER)")
                continue
            }
            for kind in RefreshResult.Kind.allCases {
                var g = Gestures.standard
                g.result = RefreshResult(kind)
                if let problem = try problem(c, d, g) {
                    return .failed(expected: "a clean load at the bottom edge, ending as \(kind)",
                                   actual: "\(d.id): \(problem)", gesture: "footer, " + Gestures.describe(g))
                }
            }
            notes.append("\(d.shortName): loads clean as a footer, no more data included")
        }
        return .passed(notes.joined(separator: "; "))
    }

    /// What went wrong in one footer load ending as `gesture.result`.
    private static func problem(_ c: CheckContext, _ d: StyleDescriptor, _ gesture: Gesture) throws -> String? {
        let driver = try c.driver(d, settings: RunSettings(edge: .bottom))
        defer { driver.close() }
        driver.controller.advance(to: 0)
        let before = driver.snapshot()
        driver.run(gesture)
        if driver.count({ $0 == .exitStarted }) == 0 { return "no exit ran" }
        if driver.exitsWithoutDone > 0 { return "the exit never called done" }
        if let misuse = driver.log.entries(of: .misuse).first {
            return "the host refused a call at \(fmt(misuse.time)) s: \(misuse.message)"
        }
        if gesture.result.kind == .noMore {
            guard driver.controller.state == .noMore else {
                return "ended \(driver.controller.state), not showing no more data"
            }
            // New content: the footer closes and must clean up as after any load.
            driver.controller.resetNoMoreData()
            driver.advance(to: driver.now + 2)
        }
        guard driver.controller.state == .idle else { return "still \(driver.controller.state) after the load" }
        driver.settleAnimations()
        if let leftover = LifecycleChecks.difference(before, driver.snapshot()) {
            return "after reset, \(leftover)"
        }
        return nil
    }
}
