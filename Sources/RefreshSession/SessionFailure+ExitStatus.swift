import RefreshExitStatus

/// A session's failure with the exit status of its kind: a missing style 3, a
/// request the run cannot honour 2, anything the style did 4.
extension SessionFailure: ExitCoded {
    public var exitStatus: ExitStatus {
        switch self {
        case .reported(.notFound, _): .notFound
        case .reported(.request, _): .usage
        case .reported(.style, _), .reported(.setup, _), .worker: .pluginFailed
        }
    }
}
