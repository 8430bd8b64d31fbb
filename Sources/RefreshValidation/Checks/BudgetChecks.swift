import RefreshPluginRuntime

/// Budgets: time per callback and layers per instance.
/// Each check's id, level and documentation are in Catalogue.swift.
enum BudgetChecks {
    static func callbackTime(_ c: CheckContext) throws -> Outcome {
        let repeats = c.strictness >= 8 ? 5 : 3
        var worst: (function: String, style: String, seconds: Double) = ("", "", 0)
        var once = worst
        let perInstance: [PluginFunction] = [.create, .setup, .destroy]
        for d in try c.styles() {
            var medians = try medianLongest(c, d, repeats: repeats)
            // Re-measure before blaming: a frame callback over budget must be
            // over it again, so a busy machine's hiccup cannot fail a style.
            if medians.contains(where: { !perInstance.contains($0.key) && $0.value > 1.0 / 60 }) {
                let again = try medianLongest(c, d, repeats: repeats)
                for (function, seconds) in medians { medians[function] = min(seconds, again[function] ?? seconds) }
            }
            for function in PluginFunction.allCases {
                guard let median = medians[function] else { continue }
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
            return .failed(expected: "every callback under 16.7 ms (one frame at 60 Hz)", actual: what + ", twice" + onceSlow,
                           gesture: ValueChecks.gestureText + ", \(repeats) times, measured twice")
        }
        if worst.seconds > 0.001 { return .warning(what + "; budget 1 ms" + onceSlow) }
        if !onceSlow.isEmpty { return .warning(String(onceSlow.dropFirst(2))) }
        return .passed("slowest in a frame: \(worst.function) \(ms) ms; once per instance: \(once.function) \(fmt(once.seconds * 1000, 2)) ms")
    }

    /// For each function called, the median over `repeats` fresh runs of
    /// the longest single call in a run.
    private static func medianLongest(_ c: CheckContext, _ d: StyleDescriptor, repeats: Int) throws -> [PluginFunction: Double] {
        var longest: [PluginFunction: [Double]] = [:]
        let dispatcher = try c.library().pluginDispatcher
        dispatcher.measuresQueueing = true
        defer { dispatcher.trace = nil; dispatcher.measuresQueueing = false }
        for _ in 0..<repeats {
            var run: [PluginFunction: Double] = [:]
            // The plugin's time, not the machine's: what the thread spent
            // waiting for a CPU during the call is not the plugin's cost.
            dispatcher.trace = { record in
                run[record.function] = max(run[record.function] ?? 0, max(0, record.duration - record.queued))
            }
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
        return longest.mapValues { values in values.sorted()[values.count / 2] }
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
