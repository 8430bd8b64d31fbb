import RefreshText

/// `--junit FILE`: JUnit XML, the format CI systems read. One testsuite for
/// the plugin, one testcase per check (classname = group). failed becomes
/// <failure>, crashed and timed out become <error>, skipped <skipped>, and a
/// warning passes with its text in <system-out>.
public enum JUnitReport {
    public static func render(_ results: [CheckResult], options: ValidationOptions) -> String {
        let s = Summary(results)
        let total = results.reduce(0) { $0 + $1.seconds }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"refresh-host validate\" tests=\"\(results.count)\" failures=\"\(s[.failed])\" errors=\"\(s[.crashed] + s[.timedOut])\" skipped=\"\(s[.skipped])\" time=\"\(fmt(total, 3))\">")
        lines.append("  <testsuite name=\(attr(options.path)) tests=\"\(results.count)\" failures=\"\(s[.failed])\" errors=\"\(s[.crashed] + s[.timedOut])\" skipped=\"\(s[.skipped])\" time=\"\(fmt(total, 3))\">")
        lines.append("    <properties><property name=\"seed\" value=\"\(options.seed)\"/><property name=\"strictness\" value=\"\(options.strictness)\"/></properties>")
        for r in results {
            let open = "    <testcase classname=\(attr(r.group)) name=\(attr(r.id)) time=\"\(fmt(r.seconds, 3))\""
            let message = [r.detail, r.expected.isEmpty ? "" : "expected: \(r.expected)", r.actual.isEmpty ? "" : "actual: \(r.actual)",
                           r.gesture.isEmpty ? "" : "gesture: \(r.gesture)", r.reproduce.isEmpty ? "" : "reproduce: \(r.reproduce)"]
                .filter { !$0.isEmpty }.joined(separator: "\n")
            switch r.status {
            case .passed: lines.append(open + "/>")
            case .warning:
                lines.append(open + ">")
                lines.append("      <system-out>\(escape("warning: " + r.detail))</system-out>")
                lines.append("    </testcase>")
            case .skipped:
                lines.append(open + ">")
                lines.append("      <skipped message=\(attr(r.detail))/>")
                lines.append("    </testcase>")
            case .failed, .crashed, .timedOut:
                let tag = r.status == .failed ? "failure" : "error"
                lines.append(open + ">")
                lines.append("      <\(tag) type=\(attr(r.status.rawValue)) message=\(attr(r.detail))>\(escape(message))</\(tag)>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func attr(_ s: String) -> String { "\"" + escape(s) + "\"" }

    static func escape(_ s: String) -> String { escapeMarkup(s) }
}
