import RefreshText

/// How a worker child hands its one result back over the pipe: `key=value`
/// lines, with backslash and newline escaped. Small enough to need no JSON
/// parser, and a half-written message (the child died mid-write) is simply
/// missing its `end` line.
enum WorkerProtocol {
    /// The descriptor the child writes to; the parent dup2s its pipe there.
    static let resultDescriptor: Int32 = 3

    static func encode(_ outcome: Outcome) -> String {
        var fields: [(String, String)]
        switch outcome {
        case let .passed(detail): fields = [("status", "passed"), ("detail", detail)]
        case let .warning(detail): fields = [("status", "warning"), ("detail", detail)]
        case let .skipped(reason): fields = [("status", "skipped"), ("detail", reason)]
        case let .failed(expected, actual, gesture):
            fields = [("status", "failed"), ("expected", expected), ("actual", actual), ("gesture", gesture)]
        }
        fields.append(("end", ""))
        return fields.map { "\($0.0)=\(escape($0.1))\n" }.joined()
    }

    /// The outcome in `text`, or nil when it is incomplete or garbled.
    static func decode(_ text: String) -> Outcome? {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let eq = line.firstIndex(of: "=") else { return nil }
            fields[String(line[..<eq])] = unescape(String(line[line.index(after: eq)...]))
        }
        guard fields["end"] != nil, let status = fields["status"] else { return nil }
        let detail = fields["detail"] ?? ""
        switch status {
        case "passed": return .passed(detail)
        case "warning": return .warning(detail)
        case "skipped": return .skipped(detail)
        case "failed":
            return .failed(expected: fields["expected"] ?? "", actual: fields["actual"] ?? "", gesture: fields["gesture"] ?? "")
        default: return nil
        }
    }

    static func escape(_ s: String) -> String { LineEscaping.escape(s) }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for ch in s {
            if escaped {
                out.append(ch == "n" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
