import RefreshText

/// `--json`: the run and every result as one document of kind `validation`
/// (docs/json.md), keys in a fixed order.
public enum JSONReport {
    public static func render(_ results: [CheckResult], options: ValidationOptions, notes: [String] = []) -> String {
        let summary = Summary(results)
        return JSON.document("validation", [
            ("file", .string(options.path)),
            ("style", .optional(options.style)),
            ("strictness", .number(Double(options.strictness))),
            ("seed", .number(Double(options.seed))),
            ("summary", .object(Status.allCases.map { ($0.identifier, .number(Double(summary[$0]))) })),
            ("results", .array(results.map(json))),
            ("notes", .array(notes.map { .string($0) })),
        ]).render()
    }

    static func json(_ r: CheckResult) -> JSON {
        .object([
            ("id", .string(r.id)), ("group", .string(r.group)), ("level", .number(Double(r.level))),
            ("status", .string(r.status.identifier)), ("seconds", .number((r.seconds * 1000).rounded() / 1000)),
            ("detail", .string(r.detail)), ("expected", .string(r.expected)), ("actual", .string(r.actual)),
            ("gesture", .string(r.gesture)), ("reproduce", .string(r.reproduce)),
        ])
    }

    /// `--list-checks --json`: the catalogue, kind `checks`.
    public static func catalogue(_ checks: [Check]) -> String {
        JSON.document("checks", [
            ("checks", .array(checks.map { check in
                .object([
                    ("id", .string(check.id)), ("group", .string(check.group.rawValue)),
                    ("level", .number(Double(check.level))), ("description", .string(check.documentation)),
                ])
            })),
        ]).render()
    }
}
