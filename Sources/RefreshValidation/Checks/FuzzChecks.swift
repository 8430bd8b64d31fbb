import RefreshHostController

/// Fuzzing: random interactions from a printed, replayable seed.
/// Each check's id, level and documentation are in Catalogue.swift.
enum FuzzChecks {
    static func gestures(_ c: CheckContext) throws -> Outcome {
        let seed = c.seed(for: "fuzzing.gestures")
        var rng = SplitMix64(seed: seed)
        let rounds = c.scaled(20)
        var frames = 0
        for d in try c.styles() {
            let generator = GestureGenerator(height: d.metrics.height)
            for round in 1...rounds {
                let steps = generator.steps(Int(rng.uniform(8...30)), using: &rng)
                let driver = try c.driver(d)
                defer { driver.close() }
                var problem: String?
                var done = 0
                // What setup reported is values.misuse's; the fuzzer judges the interaction.
                let fromSetup = driver.log.entries.count
                func check() {
                    frames += 1
                    guard problem == nil else { return }
                    if let bad = ValueChecks.nonFinite(driver.snapshot()) { problem = "non-finite value: \(bad)"; return }
                    if let report = driver.log.entries.dropFirst(fromSetup).first(where: { $0.kind == .misuse || $0.kind == .host }) {
                        problem = "host report: \(report.message)"
                    }
                }
                for step in steps {
                    done += 1
                    let c = driver.controller
                    switch step {
                    case .touchDown: c.touchDown()
                    case let .move(distance, duration):
                        c.moveFinger(to: c.scroll.profile.travel(distance),
                                     arrivingAt: driver.now + duration)
                        driver.advance(to: driver.now + duration, onFrame: check)
                    case .release: c.release()
                    case .beginRefreshing: c.beginRefreshing()
                    case .endRefreshing: c.endRefreshing()
                    case let .endWith(kind): c.endRefreshing(result: RefreshResult(kind))
                    case let .enable(on): c.setEnabled(on)
                    case let .wait(seconds): driver.advance(to: driver.now + seconds, onFrame: check)
                    }
                    if problem != nil { break }
                }
                if problem == nil {
                    // Wind down: end whatever runs and wait for idle.
                    // A start queued during the exit runs later: end that one too.
                    driver.controller.endRefreshing()
                    driver.settle(limit: 30) {
                        check()
                        let c = driver.controller
                        if c.state == .refreshing, !c.isEnding { c.endRefreshing() }
                    }
                    if problem == nil && !driver.controller.isAtRest {
                        problem = "not back at idle 30 s after the end (still \(driver.controller.state))"
                    }
                }
                if let problem {
                    let shown = steps.prefix(done).map(\.description).joined(separator: ", ")
                    return .failed(expected: "finite values, no host reports, back to idle",
                                   actual: "\(d.id): round \(round) of \(rounds), after step \(done): \(problem)",
                                   gesture: "seed \(c.seed), round \(round): \(shown)")
                }
            }
        }
        return .passed("\(rounds) round(s) per style, \(frames) frames, seed \(c.seed)")
    }
}
