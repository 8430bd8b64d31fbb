/// One conformance check: what it is called, which group it belongs to, from
/// which strictness level it runs, what it checks (one paragraph, the text
/// `--list-checks` and the README show), and how it runs.
public struct Check: Sendable {
    public enum Group: String, Sendable, CaseIterable {
        case loading, descriptors, lifecycle, accessibility, determinism, values, fuzzing, budgets
    }

    /// `lifecycle.done-once`: group prefix, then a short name.
    public let id: String
    public let group: Group
    /// Runs when `--strictness` is at least this (1-10); skipped otherwise.
    public let level: Int
    /// What the check verifies and why, in one paragraph.
    public let documentation: String
    let body: @Sendable (CheckContext) throws -> Outcome

    init(_ id: String, _ group: Group, level: Int, _ documentation: String,
         _ body: @escaping @Sendable (CheckContext) throws -> Outcome) {
        self.id = id
        self.group = group
        self.level = level
        self.documentation = documentation
        self.body = body
    }

    /// Runs the body in this process; a thrown error is a failure, not a crash.
    public func run(_ context: CheckContext) -> Outcome {
        do { return try body(context) } catch let skip as Prerequisite {
            return .skipped(skip.reason)
        } catch {
            return .failed(expected: "the check to run", actual: "\(error)")
        }
    }
}

/// What a check found, before the runner adds timing and the reproduce line.
public enum Outcome: Sendable, Equatable {
    case passed(String)
    case warning(String)
    /// `expected` and `actual` say what the rule wants and what happened;
    /// `gesture` says what the check did, so the failure can be replayed.
    case failed(expected: String, actual: String, gesture: String = "")
    case skipped(String)
}

/// Thrown when a check cannot run because something it stands on failed
/// (the library does not load, no style could be made): the check is
/// skipped with the reason, and the check that owns that rule fails.
public struct Prerequisite: Error, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// The status a check ends with, as reported.
public enum Status: String, Sendable, CaseIterable {
    case passed, warning, failed, crashed
    case timedOut = "timed out"
    case skipped

    /// The status as JSON and scripts see it: an identifier (`timed_out`), where the raw value is prose.
    public var identifier: String { String(rawValue.map { $0 == " " ? "_" : $0 }) }

    /// Failed, crashed and timed out make `validate` exit 1.
    public var isProblem: Bool { self == .failed || self == .crashed || self == .timedOut }
}

/// One check's result as reported: status, detail, timing, and for a
/// problem what was expected, what happened and how to reproduce it.
public struct CheckResult: Sendable, Equatable {
    public var id: String
    public var group: String
    public var level: Int
    public var status: Status
    public var detail: String
    public var expected: String = ""
    public var actual: String = ""
    public var gesture: String = ""
    public var reproduce: String = ""
    /// Wall seconds the check took, parent side (including the child's start).
    public var seconds: Double = 0

    public init(id: String, group: String, level: Int, status: Status, detail: String) {
        self.id = id
        self.group = group
        self.level = level
        self.status = status
        self.detail = detail
    }

    init(check: Check, outcome: Outcome) {
        self.init(id: check.id, group: check.group.rawValue, level: check.level, status: .passed, detail: "")
        switch outcome {
        case let .passed(detail): status = .passed; self.detail = detail
        case let .warning(detail): status = .warning; self.detail = detail
        case let .skipped(reason): status = .skipped; detail = reason
        case let .failed(expected, actual, gesture):
            status = .failed
            detail = actual
            self.expected = expected
            self.actual = actual
            self.gesture = gesture
        }
    }
}
