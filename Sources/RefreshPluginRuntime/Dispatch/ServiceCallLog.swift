/// Where the host services put the calls a plugin makes while the
/// dispatcher traces (`PluginDispatcher.serviceCalls`, nil otherwise: the
/// one branch a service pays when tracing is off). The dispatcher takes
/// them at the end of each call into the plugin, so they travel with it.
/// Used from the instance's owner thread only, as every service is.
final class ServiceCallLog {
    /// Calls kept per call into the plugin; past it they are only counted.
    static let limit = 256

    private var shown: [ServiceCall] = []
    private var omitted: [String: Int] = [:]
    private let clock = CallClock.shared

    /// Runs `body` (a service) and records it: the one line a service needs to be traced.
    func record<T>(_ service: String, _ arguments: () -> String, _ body: () -> T) -> T {
        let started = clock.now()
        let value = body()
        let ticks = clock.now() &- started
        if shown.count < Self.limit {
            shown.append(ServiceCall(service: service, arguments: arguments(), result: "\(value)",
                                     duration: Double(ticks) * clock.secondsPerTick))
        } else {
            omitted[service, default: 0] += 1
        }
        return value
    }

    /// The calls since the last take, emptied.
    func take() -> ServiceCalls {
        guard !shown.isEmpty || !omitted.isEmpty else { return ServiceCalls() }
        defer {
            shown.removeAll(keepingCapacity: true)
            omitted.removeAll()
        }
        return ServiceCalls(shown: shown, omitted: omitted.keys.sorted().map { .init(service: $0, count: omitted[$0]!) })
    }
}
