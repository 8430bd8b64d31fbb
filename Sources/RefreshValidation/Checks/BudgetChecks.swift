import RefreshHostLoader

/// Budgets: time per callback and layers per instance.
enum BudgetChecks {
    static let all: [Check] = [
        Check("budgets.callback-time", .budgets, level: 6, """
            Time inside each plugin callback, measured by the dispatcher over a gesture and a programmatic \
            refresh, repeated 3 times (5 from strictness 8) on fresh instances. For each callback the longest \
            call of each run is taken and the median of those is judged, so one scheduler hiccup on a busy \
            machine does not count. Callbacks that run in frames (pull, state_changed, setup_for_cycle, cycle, \
            exit, reset, tick, completions): warning over 1 ms, failure over one frame at 60 Hz (16.7 ms). \
            Once-per-instance calls (create, setup, destroy): warning over 100 ms.
            """, callbackTime),
        Check("budgets.layers", .budgets, level: 3, """
            Layers one instance holds at any frame of a gesture and a programmatic refresh: warning over 256, \
            failure over 1,024 (the host's hard limit is 4,096).
            """, layers),
    ]

    static func callbackTime(_ c: CheckContext) throws -> Outcome {
        let repeats = c.strictness >= 8 ? 5 : 3
        var worst: (function: String, style: String, seconds: Double) = ("", "", 0)
        var once = worst
        let perInstance: [PluginFunction] = [.create, .setup, .destroy]
        for d in try c.styles() {
            var longest: [PluginFunction: [Double]] = [:]
            let dispatcher = try c.library().pluginDispatcher
            for _ in 0..<repeats {
                var run: [PluginFunction: Double] = [:]
                dispatcher.trace = { record in run[record.function] = max(run[record.function] ?? 0, record.duration) }
                let driver = try c.driver(d)
                for g in ValueChecks.gestures {
                    var shifted = g
                    shifted.startTime = driver.now
                    driver.run(shifted)
                }
                driver.close()
                dispatcher.trace = nil
                for (function, seconds) in run { longest[function, default: []].append(seconds) }
            }
            for function in PluginFunction.allCases {
                guard let values = longest[function] else { continue }
                let sorted = values.sorted()
                let median = sorted[sorted.count / 2]
                if perInstance.contains(function) {
                    if median > once.seconds { once = (function.rawValue, d.id, median) }
                } else if median > worst.seconds {
                    worst = (function.rawValue, d.id, median)
                }
            }
        }
        let ms = fmt(worst.seconds * 1000, 2)
        let what = "\(worst.style): \(worst.function) took \(ms) ms (median of the longest call over \(repeats) runs)"
        let onceSlow = once.seconds > 0.1
            ? "; \(once.style): \(once.function) took \(fmt(once.seconds * 1000, 2)) ms (budget 100 ms)" : ""
        if worst.seconds > 1.0 / 60 {
            return .failed(expected: "every callback under 16.7 ms (one frame at 60 Hz)", actual: what + onceSlow,
                           gesture: ValueChecks.gestureText + ", \(repeats) times")
        }
        if worst.seconds > 0.001 { return .warning(what + "; budget 1 ms" + onceSlow) }
        if !onceSlow.isEmpty { return .warning(String(onceSlow.dropFirst(2))) }
        return .passed("slowest in a frame: \(worst.function) \(ms) ms; once per instance: \(once.function) \(fmt(once.seconds * 1000, 2)) ms")
    }

    static func layers(_ c: CheckContext) throws -> Outcome {
        var most = 0
        for d in try c.styles() {
            let driver = try c.driver(d)
            defer { driver.close() }
            for g in ValueChecks.gestures {
                var shifted = g
                shifted.startTime = driver.now
                driver.run(shifted) { most = max(most, driver.animator.layerCount) }
            }
            if most > 1024 {
                return .failed(expected: "at most 1,024 layers per instance", actual: "\(d.id): \(most) layers",
                               gesture: ValueChecks.gestureText)
            }
        }
        return most > 256 ? .warning("\(most) layers in one instance; budget 256") : .passed("at most \(most) layers")
    }
}
