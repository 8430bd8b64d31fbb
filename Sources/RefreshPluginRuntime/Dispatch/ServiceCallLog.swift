import RefreshHostABI
/// Where the host services put the calls a plugin makes while the
/// dispatcher traces (`PluginDispatcher.serviceCalls`, nil otherwise: the
/// one branch a service pays when tracing is off). The dispatcher takes
/// them at the end of each call into the plugin, so they travel with it.
/// Used from the instance's owner thread only, as every service is.
final class ServiceCallLog {
    static let limit = ServiceCalls.limit

    private var shown: [ServiceCall] = []
    private var omitted: [String: Int] = [:]
    private let clock = CallClock.shared

    /// Runs `body` (a service) and records it: the one line a service needs to be traced.
    func record<T>(_ service: String, _ arguments: () -> String, _ body: () -> T) -> T {
        let started = clock.now()
        let value = body()
        let ticks = clock.now() &- started
        if shown.count < Self.limit {
            shown.append(ServiceCall(service: service, arguments: arguments(), result: Self.shown(value),
                                     duration: Double(ticks) * clock.secondsPerTick))
        } else {
            omitted[service, default: 0] += 1
        }
        return value
    }

    /// The statuses by their header names, from the header's own constants.
    private static let statusNames: [Int32: String] = [
        RH_OK: "RH_OK", RH_ERR_INVALID_LAYER: "RH_ERR_INVALID_LAYER", RH_ERR_INVALID_ARGUMENT: "RH_ERR_INVALID_ARGUMENT",
        RH_ERR_OUT_OF_RANGE: "RH_ERR_OUT_OF_RANGE", RH_ERR_WRONG_THREAD: "RH_ERR_WRONG_THREAD",
        RH_ERR_BAD_STATE: "RH_ERR_BAD_STATE", RH_ERR_LIMIT: "RH_ERR_LIMIT", RH_WARN_ADJUSTED: "RH_WARN_ADJUSTED",
        RH_WARN_NO_EFFECT: "RH_WARN_NO_EFFECT",
    ].reduce(into: [:]) { $0[Int32($1.key)] = $1.value }

    /// A status by its header name (`RH_OK`, `RH_ERR_LIMIT`); any other value as itself.
    static func shown<T>(_ value: T) -> String {
        guard let status = value as? rh_status_t else { return "\(value)" }
        return statusNames[status] ?? "\(status)"
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
