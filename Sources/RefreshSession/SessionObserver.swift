import RefreshHostController
import RefreshPluginRuntime

/// Who hears a session's events and problems as they happen, before any
/// frame: a timeline printed line by line loses nothing a crash cuts short.
public struct SessionObserver {
    public var onEvent: ((SessionEvent) -> Void)?
    public var onProblem: ((String) -> Void)?

    public init(onEvent: ((SessionEvent) -> Void)? = nil, onProblem: ((String) -> Void)? = nil) {
        self.onEvent = onEvent
        self.onProblem = onProblem
    }
}

/// What a LocalSession gathers: the events for the next frame, the problem
/// lines, each told to the observer as it happens.
final class EventSink {
    let reports: SessionSettings.Reports
    var observer: SessionObserver
    private(set) var problems: [String] = []
    private var events: [SessionEvent] = []

    init(reports: SessionSettings.Reports, observer: SessionObserver) {
        self.reports = reports
        self.observer = observer
    }

    func add(_ kind: SessionEvent.Kind, at time: Double) {
        let event = SessionEvent(time: time, kind: kind)
        // A caller that drives the controller itself never asks for frames: keep only the newest.
        if events.count >= SessionFrame.maxEvents { events.removeFirst(events.count / 2) }
        events.append(event)
        observer.onEvent?(event)
    }

    /// The events since the last call.
    func take() -> [SessionEvent] {
        defer { events = [] }
        return events
    }

    /// Hears `log`'s entries: problems always, every line with `.log`. Whoever listened before still hears them.
    func listen(to log: HostLog) {
        let earlier = log.onEntry
        // Weak: the log may outlive the session (a caller's log, a stale host's late call).
        log.onEntry = { [weak self] entry in
            earlier?(entry)
            guard let self else { return }
            if reports.contains(.log) { add(.log(entry), at: entry.time) }
            guard entry.kind != .plugin, entry.level >= .warning else { return }
            let line = "\(entry.level): \(entry.source): \(entry.message)"
            if problems.count < problemLimit { problems.append(line) }
            observer.onProblem?(line)
        }
    }

    func listen(to controller: RefreshController) {
        controller.addObserver { [weak self] time, event in self?.add(.refresh(event), at: time) }
    }
}
