import RefreshWorker

/// Why a session cannot go on, as a value: consumers decide what to print
/// and which exit status it gives, and never read a human line to find out.
public enum SessionFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the failure is about.
    public enum Kind: UInt8, Sendable {
        /// The style does not exist where it was looked for.
        case notFound = 1
        /// The caller asked for something the style or the session cannot do
        /// (a parameter it does not declare, a moment the run never reaches).
        case request = 2
        /// The style's code failed: create refused, a descriptor that changed
        /// since the scan, a value the host refuses.
        case style = 3
        /// An instance was made, and its setup (or the host's checks of what
        /// setup made) failed.
        case setup = 4
    }

    /// The style's worker process went wrong: crashed (in which entry point,
    /// with which signal), hung past the budget, exited, or sent what the
    /// host refuses. `subject` names the style and its file.
    case worker(WorkerFailure, subject: String)
    /// Reported by the session itself (in this process or by the worker), one line.
    case reported(Kind, String)

    public var description: String {
        switch self {
        case let .worker(failure, subject): failure.line(subject: subject)
        case let .reported(_, line): line
        }
    }

    /// Whether the user asked to stop while the session waited.
    public var isInterruption: Bool { self == .worker(.interrupted, subject: subject) }

    private var subject: String {
        if case let .worker(_, subject) = self { return subject }
        return ""
    }

    /// Whether the style's own code is at fault (as opposed to the request or a missing style).
    public var isStyleFailure: Bool {
        switch self {
        case .worker: true
        case let .reported(kind, _): kind == .style || kind == .setup
        }
    }
}
