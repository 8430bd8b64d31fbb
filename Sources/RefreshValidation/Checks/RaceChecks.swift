import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// The races pull-to-refresh libraries ship as bugs (a header stuck after an
/// early end, a start lost during the finish), run against the style: the
/// controller's invariants hold, and the style's exit still calls done in time.
enum RaceChecks {
    struct Race: Sendable {
        var name: String
        /// Sets the race up on a fresh driver; returns how many starts it asked for.
        var run: @Sendable (Driver) -> Int
    }

    static let races: [Race] = [
        Race(name: "a refresh that ends in the frame it starts") { driver in
            driver.controller.beginRefreshing()
            driver.controller.endRefreshing()
            return 1
        },
        Race(name: "an end before the programmatic start has settled") { driver in
            driver.controller.beginRefreshing()
            driver.advance(to: driver.now + 0.05)
            driver.controller.endRefreshing()
            return 1
        },
        startAfterEnd(name: "a start during the exit", once: .exiting),
        startAfterEnd(name: "a start while the header closes", once: .resetting),
        Race(name: "a second start while refreshing") { driver in
            driver.controller.beginRefreshing()
            driver.advance(to: driver.now + 0.1)
            driver.controller.beginRefreshing()
            driver.controller.endRefreshing()
            return 2
        },
        Race(name: "disabled mid-refresh, enabled again") { driver in
            driver.controller.beginRefreshing()
            driver.advance(to: driver.now + 0.1)
            driver.controller.setEnabled(false)
            driver.advance(to: driver.now + 0.1)
            driver.controller.setEnabled(true)
            return 1
        },
    ]

    /// A refresh ended at once, then a second start once the controller
    /// reaches `state` on its way back to idle: the start waits for idle,
    /// runs, and is ended once it is refreshing.
    static func startAfterEnd(name: String, once state: RefreshState) -> Race {
        Race(name: name) { driver in
            driver.controller.beginRefreshing()
            driver.controller.endRefreshing()
            advance(driver, until: { $0.controller.state == state })
            driver.controller.beginRefreshing()
            advance(driver, until: { $0.controller.state == .refreshing })
            driver.controller.endRefreshing()
            return 2
        }
    }

    static func advance(_ driver: Driver, until condition: (Driver) -> Bool, limit: Double = 20) {
        let end = driver.now + limit
        while !condition(driver) && driver.now < end { driver.advance(to: driver.now + 1 / driver.fps) }
    }

    static func check(_ c: CheckContext) throws -> Outcome {
        for d in try c.styles() {
            for race in races {
                let log = HostLog()
                let driver = try c.driver(d, log: log)
                defer { driver.close() }
                let asked = race.run(driver)
                driver.settle(limit: 30)
                let gesture = race.name
                let starts = driver.count { if case .didStart = $0 { true } else { false } }
                let ignored = driver.count { if case .ignored = $0 { true } else { false } }
                guard driver.controller.isAtRest else {
                    return .failed(expected: "idle and closed after the race",
                                   actual: "\(d.id): still \(driver.controller.state), pull \(fmt(driver.controller.pullDistance, 1)) pt",
                                   gesture: gesture)
                }
                // A start is run, or refused with a reason; none is lost.
                guard starts + ignored >= asked else {
                    return .failed(expected: "each of \(asked) start(s) run or refused with a reason",
                                   actual: "\(d.id): \(starts) run, \(ignored) refused", gesture: gesture)
                }
                let ends = driver.count { if case .didEnd = $0 { true } else { false } }
                guard ends == starts else {
                    return .failed(expected: "every refresh that started ended", actual: "\(d.id): \(starts) started, \(ends) ended",
                                   gesture: gesture)
                }
                // A header stuck after an early end: the exit's done missing or late.
                // (Other misuse is values.misuse's, a second done lifecycle.done-once's.)
                if let problem = log.entries.first(where: { $0.kind == .exit && $0.message.contains("deadline") }) {
                    return .failed(expected: "the exit's done within the deadline after the race",
                                   actual: "\(d.id): \(problem.message)", gesture: gesture)
                }
            }
        }
        return .passed("\(races.count) races: each start run or refused with a reason, back to idle and closed")
    }
}
