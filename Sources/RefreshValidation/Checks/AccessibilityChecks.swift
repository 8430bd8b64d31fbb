import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// What a screen reader hears, and what a user who asked for less motion sees.
enum AccessibilityChecks {
    /// A refresh ended with each result is announced when it starts and when it ends.
    static func announcements(_ c: CheckContext) throws -> Outcome {
        var heard: [String] = []
        for d in try c.styles() {
            for kind in RefreshResult.Kind.allCases {
                let driver = try c.driver(d)
                defer { driver.close() }
                var g = Gestures.standard
                g.result = RefreshResult(kind)
                driver.run(g)
                var start: Double?
                var end: Double?
                var said: [(Double, String)] = []
                for (time, event) in driver.events {
                    switch event {
                    case .didStart: start = start ?? time
                    case .exitStarted: end = end ?? time
                    case let .announced(text): said.append((time, text))
                    default: break
                    }
                }
                let gesture = Gestures.describe(g)
                guard let start, let end else {
                    return .failed(expected: "a refresh that starts and ends", actual: "\(d.id): it did not", gesture: gesture)
                }
                guard said.contains(where: { abs($0.0 - start) < 1e-9 && !$0.1.isEmpty }) else {
                    return .failed(expected: "an announcement when the refresh starts",
                                   actual: "\(d.id): nothing said at \(fmt(start)) s (an empty rh_announcements_t.refreshing?)",
                                   gesture: gesture)
                }
                guard let ending = said.first(where: { $0.0 >= end - 1e-9 && !$0.1.isEmpty }) else {
                    return .failed(expected: "an announcement of the outcome (\(kind)) when the refresh ends",
                                   actual: "\(d.id): nothing said from \(fmt(end)) s on", gesture: gesture)
                }
                if kind == .failure { heard.append("\(d.shortName): \"\(ending.1)\"") }
            }
        }
        return .passed("start and outcome announced for every result; failure: " + heard.joined(separator: ", "))
    }

    /// With reduce-motion on, a style that says it honours it stays under the
    /// header's limits on every frame of a refresh.
    static func reduceMotion(_ c: CheckContext) throws -> Outcome {
        var notes: [String] = []
        for d in try c.styles() {
            let driver = try c.driver(d, settings: RunSettings(reduceMotion: true))
            defer { driver.close() }
            var previous = MotionProbe.poses(driver.snapshot())
            var previousTime = driver.now
            var worst = (speed: 0.0, speedLayer: LayerID(0), speedAt: 0.0, turn: 0.0, turnLayer: LayerID(0), turnAt: 0.0)
            driver.run(Gestures.standard) {
                // The driver lands exactly on the gesture's moments, a step that can be a
                // rounding error long: a speed over it is noise over 1e-16 s. Measure over
                // half a frame at least, from the pose before the short step.
                guard driver.now - previousTime >= MotionProbe.shortestInterval(fps: driver.fps) else { return }
                let poses = MotionProbe.poses(driver.snapshot())
                // Nobody sees what a style does while its header is closed (reset's snap back, say).
                let onScreen = driver.controller.pullDistance >= 0.5
                let f = onScreen ? MotionProbe.fastest(from: previous, to: poses, dt: driver.now - previousTime)
                    : (speed: 0, speedLayer: LayerID(0), turn: 0, turnLayer: LayerID(0))
                if f.speed > worst.speed { (worst.speed, worst.speedLayer, worst.speedAt) = (f.speed, f.speedLayer, driver.now) }
                if f.turn > worst.turn { (worst.turn, worst.turnLayer, worst.turnAt) = (f.turn, f.turnLayer, driver.now) }
                previous = poses
                previousTime = driver.now
            }
            let tooFast = worst.speed > reducedMotionMaxSpeed + 1e-6
            let tooQuick = worst.turn > reducedMotionMaxTurn + 1e-6
            let measured = "fastest move \(format(worst.speed, decimals: 1)) pt/s, fastest turn \(format(worst.turn, decimals: 2)) rad/s"
            guard d.reducedMotion else {
                notes.append("\(d.shortName): does not declare RH_STYLE_REDUCED_MOTION (\(measured))")
                continue
            }
            if tooFast {
                return .failed(expected: "no layer faster than \(fmt(reducedMotionMaxSpeed)) pt/s with reduce-motion on",
                               actual: "\(d.id): layer #\(worst.speedLayer) moves at \(format(worst.speed, decimals: 1)) pt/s at \(fmt(worst.speedAt)) s",
                               gesture: "reduce-motion, " + Gestures.describe(Gestures.standard))
            }
            if tooQuick {
                return .failed(expected: "no layer turning faster than \(fmt(reducedMotionMaxTurn)) rad/s with reduce-motion on",
                               actual: "\(d.id): layer #\(worst.turnLayer) turns at \(format(worst.turn, decimals: 2)) rad/s at \(fmt(worst.turnAt)) s",
                               gesture: "reduce-motion, " + Gestures.describe(Gestures.standard))
            }
            notes.append("\(d.shortName): \(measured)")
        }
        return .passed(notes.joined(separator: "; "))
    }

    /// RH_REDUCED_MOTION_MAX_SPEED and _MAX_TURN.
    static let reducedMotionMaxSpeed = 60.0
    static let reducedMotionMaxTurn = 1.0
}
