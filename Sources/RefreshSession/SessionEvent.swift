import RefreshHostController
import RefreshPluginRuntime

/// Something that happened in a session, at the exact time it happened (a
/// cycle may end between two frames: moments are measured from these times).
public struct SessionEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// What the controller reported.
        case refresh(RefreshEvent)
        /// A line the host log took (the plugin's own lines and the host's
        /// reports), with `SessionSettings.Reports.log`.
        case log(HostLog.Entry)
        /// One call into the plugin, finished, with `SessionSettings.Reports.calls`.
        case call(PluginCall)
    }

    public var time: Double
    public var kind: Kind

    /// The controller's event, when this is one.
    public var event: RefreshEvent? {
        if case let .refresh(event) = kind { return event }
        return nil
    }
}

extension SessionEvent {
    public init(time: Double, event: RefreshEvent) {
        self.init(time: time, kind: .refresh(event))
    }
}

/// One finished call into a plugin, as a trace shows it.
public struct PluginCall: Equatable, Sendable {
    /// The ABI's name of the function (`cycle`, `setup`, ...).
    public var function: String
    /// Who was called: a library path or an instance label.
    public var target: String
    /// `pull(distance: 12.5, ratio: 0.125, velocity: 300.0) -> true`.
    public var summary: String
    /// Wall seconds inside the plugin.
    public var duration: Double
    /// The plugin's calls to the host during this call, in order (the first
    /// `ServiceCallLog.limit`, then counts per service).
    public var services: ServiceCalls

    public init(function: String, target: String, summary: String, duration: Double, services: ServiceCalls = ServiceCalls()) {
        self.function = function
        self.target = target
        self.summary = summary
        self.duration = duration
        self.services = services
    }
}

extension PluginCall {
    public init(_ record: CallRecord) {
        self.init(function: record.function.rawValue, target: record.target, summary: record.summary,
                  duration: record.duration, services: record.services)
    }
}
