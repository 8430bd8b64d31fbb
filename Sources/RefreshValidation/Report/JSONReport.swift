import RefreshText

/// `--json`: the run and every result as one JSON object, keys in a fixed order.
public enum JSONReport {
    public static func render(_ results: [CheckResult], options: ValidationOptions) -> String {
        let summary = Summary(results)
        var out = "{\n"
        out += "  \"file\": \(quote(options.path)),\n"
        out += "  \"style\": \(options.style.map(quote) ?? "null"),\n"
        out += "  \"strictness\": \(options.strictness),\n"
        out += "  \"seed\": \(quote(String(options.seed))),\n"
        out += "  \"summary\": {" + Status.allCases.map { "\(quote($0.rawValue)): \(summary[$0])" }.joined(separator: ", ") + "},\n"
        out += "  \"results\": [\n"
        out += results.map { r in
            let fields: [(String, String)] = [
                ("id", quote(r.id)), ("group", quote(r.group)), ("level", "\(r.level)"), ("status", quote(r.status.rawValue)),
                ("seconds", fmt(r.seconds, 3)), ("detail", quote(r.detail)), ("expected", quote(r.expected)),
                ("actual", quote(r.actual)), ("gesture", quote(r.gesture)), ("reproduce", quote(r.reproduce)),
            ]
            return "    {" + fields.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += "\n  ]\n}"
        return out
    }

    static func quote(_ s: String) -> String { JSON.quote(s) }
}
