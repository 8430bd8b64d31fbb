import RefreshPluginRuntime
import RefreshLayers

/// Values: nothing non-finite reaches a layer, and the host's services are
/// used as documented.
/// Each check's id, level and documentation are in Catalogue.swift.
enum ValueChecks {
    static let gestures = [Gestures.standard, Gestures.programmatic(refresh: 1)]
    static var gestureText: String { gestures.map(Gestures.describe).joined(separator: "; then ") }

    /// Whether a host log line is a refusal of a NaN or infinite number.
    static func isNonFinite(_ entry: HostLog.Entry) -> Bool {
        entry.kind == .misuse && ["= nan", "= -nan", "= inf", "= -inf"].contains { entry.message.contains($0) }
    }

    /// The first non-finite number in a frame, described.
    static func nonFinite(_ layers: [LayerSnapshot]) -> String? {
        for l in layers {
            for p in LayerProperty.allCases where !l[p].isFinite { return "layer #\(l.id) \(p.name) = \(l[p])" }
            for c in [l.fill, l.stroke] where ![c.r, c.g, c.b, c.a].allSatisfy(\.isFinite) { return "layer #\(l.id) colour \(c)" }
            for e in l.path where !e.numbers.allSatisfy(\.isFinite) { return "layer #\(l.id) path \(e)" }
            if let g = l.gradient, !g.numbers.allSatisfy(\.isFinite) { return "layer #\(l.id) gradient \(g)" }
        }
        return nil
    }

    /// The gestures on a fresh instance (with `parameters`); the first problem
    /// `onFrame` names, with its time. The caller closes the driver.
    static func run(_ c: CheckContext, _ d: StyleDescriptor, log: HostLog = HostLog(),
                    parameters: [String: ParameterValue] = [:],
                    onFrame: (Driver) -> String?) throws -> (Driver, String?) {
        let driver = try c.driver(d, log: log, parameters: parameters)
        var problem: String?
        for g in gestures {
            var shifted = g
            shifted.startTime = driver.now
            driver.run(shifted) { if problem == nil { problem = onFrame(driver).map { "at \(fmt(driver.now)) s \($0)" } } }
        }
        return (driver, problem)
    }

    static func finite(_ c: CheckContext) throws -> Outcome {
        for d in try c.styles() {
            let (driver, problem) = try run(c, d) { nonFinite($0.snapshot()) }
            defer { driver.close() }
            if let problem {
                return .failed(expected: "finite values on screen", actual: "\(d.id): \(problem)", gesture: gestureText)
            }
            let refused = driver.log.entries.filter(isNonFinite)
            if let first = refused.first {
                return .failed(expected: "no NaN or infinite value sent to the host",
                               actual: "\(d.id): the host refused \(refused.count) such call(s), first at \(fmt(first.time)) s: \(first.message)",
                               gesture: gestureText)
            }
        }
        return .passed("every value finite")
    }

    static func misuse(_ c: CheckContext) throws -> Outcome {
        for d in try c.styles() {
            // Two instances, one after the other: a second one is where a
            // host pointer kept from the first (destroyed) instance shows. A
            // stale call is reported to the instance whose host it used.
            let logs = [HostLog(), HostLog()]
            var setupFailure: Prerequisite?
            for log in logs where setupFailure == nil {
                do {
                    let (driver, _) = try run(c, d, log: log) { _ in nil }
                    driver.close()
                } catch let p as Prerequisite where log !== logs[0] {
                    setupFailure = p
                }
                let reports = logs.flatMap(\.entries).filter {
                    ($0.kind == .misuse || $0.kind == .host) && !isNonFinite($0) && !ImageChecks.isImageRefusal($0)
                }
                if let first = reports.first {
                    let when = first.time < 0 ? "from another thread" : "at \(fmt(first.time)) s"
                    return .failed(expected: "no misuse of host services",
                                   actual: "\(first.source): \(reports.count) report(s), first \(when): \(first.message)",
                                   gesture: "on each of two instances, one after the other: " + gestureText)
                }
            }
            if let setupFailure { throw setupFailure }
        }
        return .passed("no misuse reported")
    }

    /// Values set where the layer's kind draws nothing (RH_WARN_NO_EFFECT):
    /// harmless to the host, but usually a style's mistake (a font size on
    /// the rect meant to be text), so worth a warning, not a failure.
    static func noEffect(_ c: CheckContext) throws -> Outcome {
        var said: [HostLog.Entry] = []
        for d in try c.styles() {
            let (driver, _) = try run(c, d) { _ in nil }
            said += driver.log.entries(of: .noEffect)
            driver.close()
        }
        guard let first = said.first else { return .passed("every value set is drawn by its layer") }
        return .warning("\(said.count) value(s) that their layer's kind does not draw, first: \(first.source): \(first.message)")
    }
}
