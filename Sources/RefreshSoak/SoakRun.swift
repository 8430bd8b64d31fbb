import Glibc
import RefreshHostController
import RefreshSession
import RefreshWorker

/// The soak: random steps through worker sessions of every style in turn, each frame held to
/// the controller's invariants, memory sampled. Deterministic for a seed: the steps, the
/// sessions' settings and the virtual clock come from it alone.
public struct SoakRun {
    public let styles: [SoakStyle]
    public let options: SoakOptions
    /// The most violations kept (the count goes on).
    public var keep = 50

    public init(styles: [SoakStyle], options: SoakOptions) {
        self.styles = styles
        self.options = options
    }

    public func run(progress: (String) -> Void = { _ in }) -> SoakReport {
        var rng = SoakRandom(seed: options.seed)
        var report = SoakReport()
        let opener = SessionOpener(workerExecutable: options.workerExecutable)
        let started = MonotonicTime.seconds()
        var step = 0
        while step < options.steps {
            let style = styles[report.sessions % styles.count]
            let settings = Self.randomSettings(using: &rng)
            let count = min(options.sessionSteps, options.steps - step)
            runSession(style, settings, steps: count, from: step, opener: opener, rng: &rng, report: &report)
            step += count
            report.sessions += 1
            progress("\(step) steps, \(report.sessions) sessions, \(report.violations.count) violation(s)")
        }
        report.steps = step
        report.seconds = MonotonicTime.seconds() - started
        return report
    }

    /// Everything a session takes when it opens, at random: the viewport, theme, reduce-motion, physics, trigger.
    static func randomSettings(using rng: inout SoakRandom) -> SessionSettings {
        var settings = SessionSettings()
        settings.isolation = .worker
        settings.width = Double(Int.random(in: 240...480, using: &rng))
        settings.height = Double(Int.random(in: 200...700, using: &rng))
        settings.run.theme = rng.chance(0.5) ? .dark : .light
        settings.run.reduceMotion = rng.chance(0.3)
        settings.run.physics = [nil, Physics.ios, .material, .androidStretch, .smart].randomElement(using: &rng)!
        settings.run.trigger = [nil, TriggerPolicy.onRelease, .onReach].randomElement(using: &rng)!
        // A loaded machine must not turn a slow frame into a failure: the soak checks behaviour, not speed.
        settings.budget = 30
        return settings
    }

    private func runSession(_ style: SoakStyle, _ settings: SessionSettings, steps: Int, from first: Int, opener: SessionOpener,
                            rng: inout SoakRandom, report: inout SoakReport) {
        func violate(_ step: Int, _ what: String) {
            if report.violations.count < keep { report.violations.append(SoakViolation(step: step, style: style.id, what: what)) }
        }
        let session: any StyleSession
        do {
            session = try opener.open(file: style.file, style: style.id, settings: settings)
        } catch {
            violate(first, "the session did not open: \(error)")
            return
        }
        defer { session.close() }
        let worker = (session as? WorkerSession)?.connection.child.pid
        var checker = InvariantChecker(styleHeight: session.style.height, maxPull: session.style.environment.maxPull)
        var warm: Int?
        var time = 0.0, touching = false
        do {
            for k in 0..<steps {
                let step = first + k
                let action = SoakAction.random(touching: touching, enabled: checker.enabled, using: &rng)
                if let input = action.input { session.send(input) }
                time += action.dt
                if case let .setEnabled(enabled)? = action.input { checker.setEnabled(enabled, at: time) }
                let frame = try session.advance(to: time, withLayers: k % options.layersEvery == 0)
                touching = frame.isTouching
                for problem in checker.check(frame) { violate(step, problem) }
                if step % options.sampleEvery == 0, let rss = MemorySample.rss(of: getpid()) {
                    report.hostRSS.append((step, rss))
                }
                if k == steps / 5, let worker { warm = MemorySample.rss(of: worker) }
            }
            let end = worker.flatMap(MemorySample.rss(of:))
            if let warm, let end { report.workerRSS.append((style.id, warm, end)) }
            // The control is enabled again, the finger lifts and the app ends what runs (a start queued
            // in the exit runs once more, so twice).
            if !checker.enabled {
                session.send(.setEnabled(true))
                checker.setEnabled(true, at: time)
            }
            for _ in 0..<4 where checker.state != .idle || checker.running != 0 {
                session.send(.release)
                session.send(.endRefreshing(.success))
                time += 10
                for problem in checker.check(try session.advance(to: time, withLayers: false)) { violate(first + steps - 1, problem) }
            }
            for problem in checker.closing() { violate(first + steps - 1, problem) }
            report.problems += session.problems.count
            _ = try session.finish()
        } catch {
            violate(first, "the session failed: \(error)")
        }
        report.begins += checker.begins
        report.ends += checker.ends
        report.insetChecks += checker.insetChecks
        report.disables += checker.disables
        report.disabledRefreshes += checker.disabledRefreshes
    }
}
