import RefreshConsole
import RefreshPluginRuntime
import RefreshValidation
import RefreshDiscovery

extension Status {
    /// A check's status on a terminal: passed green, a warning yellow, a problem red, skipped dim.
    var textStyle: TextStyle {
        switch self {
        case .passed: .green
        case .warning: .yellow
        case .failed, .crashed, .timedOut: .red
        case .skipped: .dim
        }
    }
}

extension PluginStatus {
    /// A plugin's status in `list`: loaded green, shadowed dim (fine, just
    /// unused), rejected and refused red, quarantined (it hung or crashed the
    /// scanner; tried again after a change or --rescan) yellow.
    var textStyle: TextStyle {
        switch self {
        case .loaded: .green
        case .shadowed: .dim
        case .rejected, .refused: .red
        case .quarantined: .yellow
        }
    }
}
