import RefreshHostABI

/// The severity of a log line.
public enum LogLevel: Sendable, Hashable {
    case debug, info, warning, error

    var c: rh_log_level_t {
        switch self {
        case .debug: rh_log_level_t(RH_LOG_DEBUG)
        case .info: rh_log_level_t(RH_LOG_INFO)
        case .warning: rh_log_level_t(RH_LOG_WARNING)
        case .error: rh_log_level_t(RH_LOG_ERROR)
        }
    }
}
