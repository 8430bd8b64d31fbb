import RefreshPluginRuntime
import RefreshLayers

/// Parameters (ABI 1.3): every value a style declares it accepts runs clean.
/// Each check's id, level and documentation are in Catalogue.swift.
enum ParameterChecks {
    /// Runs past this many are not made: a style may declare 64 parameters.
    static let maxRuns = 160

    /// The values a parameter is tried with: its ends and default, each
    /// choice, both booleans, an empty and a longest text.
    static func samples(_ p: StyleParameter) -> [ParameterValue] {
        var values: [ParameterValue]
        switch p.kind {
        case let .number(min, max, value): values = [.number(min), .number(max), .number(value), .number((min + max) / 2)]
        case let .color(value): values = [.color(value), .color(RGBA(0, 0, 0, 0)), .color(RGBA(1, 1, 1, 1))]
        case .boolean: values = [.boolean(false), .boolean(true)]
        case let .choice(names, _): values = names.indices.map { .choice($0) }
        case let .text(value):
            values = [.text(value), .text(""), .text(String(repeating: "W", count: 255)), .text("Grüße, 世界 🌧")]
        }
        var unique: [ParameterValue] = []
        for v in values where !unique.contains(v) { unique.append(v) }
        return unique
    }

    static func everyValue(_ c: CheckContext) throws -> Outcome {
        var runs = 0, declared = 0
        for d in try c.styles() {
            declared += d.parameters.count
            for p in d.parameters {
                for value in samples(p) where runs < maxRuns {
                    runs += 1
                    let setting = "--param \(p.id)=\(p.text(of: value).prefix(24))"
                    if let problem = try problem(c, d, [p.id: value]) {
                        return .failed(expected: "a clean run with every declared value",
                                       actual: "\(d.id) with \(setting): \(problem)",
                                       gesture: ValueChecks.gestureText)
                    }
                }
            }
        }
        guard declared > 0 else { return .passed("no style declares a parameter: nothing to try") }
        let capped = runs == maxRuns ? " (the first \(maxRuns))" : ""
        return .passed("\(declared) parameter(s), \(runs) value(s)\(capped): each ran clean")
    }

    /// What went wrong in one gesture and one programmatic refresh with `parameters`.
    private static func problem(_ c: CheckContext, _ d: StyleDescriptor,
                                _ parameters: [String: ParameterValue]) throws -> String? {
        let (driver, problem) = try ValueChecks.run(c, d, parameters: parameters) { ValueChecks.nonFinite($0.snapshot()) }
        defer { driver.close() }
        if let problem { return problem }
        if let misuse = driver.log.entries(of: .misuse).first {
            return "the host refused a call at \(fmt(misuse.time)) s: \(misuse.message)"
        }
        let missing = driver.exitsWithoutDone
        return missing > 0 ? "\(missing) exit(s) never called done" : nil
    }
}
