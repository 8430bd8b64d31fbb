/// One call a plugin made to the host (a function of rh_host_t), for the trace.
public struct ServiceCall: Equatable, Sendable {
    /// The ABI's name (`layer_set`, `image_load`, ...).
    public var service: String
    /// The arguments after the host pointer, as text.
    public var arguments: String
    /// The status or value returned, as text.
    public var result: String
    /// Wall seconds inside the host.
    public var duration: Double

    public init(service: String, arguments: String, result: String, duration: Double) {
        self.service = service
        self.arguments = arguments
        self.result = result
        self.duration = duration
    }

    /// `layer_set(3, 12, 0.5) -> 0`.
    public var summary: String { "\(service)(\(arguments)) -> \(result)" }
}

/// The service calls a plugin made during one call into it: the first
/// `limit` in order, and how many more of each service, so a
/// style calling a service 100,000 times a frame costs the trace a bounded amount.
public struct ServiceCalls: Equatable, Sendable {
    public struct Omitted: Equatable, Sendable {
        public var service: String
        public var count: Int

        public init(service: String, count: Int) {
            self.service = service
            self.count = count
        }
    }

    /// Calls kept per call into the plugin; past it they are only counted.
    public static let limit = 256

    public var shown: [ServiceCall]
    /// By service name.
    public var omitted: [Omitted]

    public init(shown: [ServiceCall] = [], omitted: [Omitted] = []) {
        self.shown = shown
        self.omitted = omitted
    }

    public var isEmpty: Bool { shown.isEmpty && omitted.isEmpty }
}
