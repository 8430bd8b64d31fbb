/// What a worker process is started for; the supervisor names it in the
/// handshake's `open`, and the worker entry hands the request to that job.
public enum WorkerJob: UInt8, CaseIterable, Sendable {
    /// Run one style for render, the live preview and the gallery (RefreshSession).
    case session = 1
    /// Load plugin files and say what each holds (RefreshDiscovery's scanner).
    case scan = 2
    /// Run one conformance check, or list a library's styles (RefreshValidation).
    case check = 3
}
