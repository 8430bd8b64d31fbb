import RefreshConsole

extension Status {
    /// A check's status on a terminal: passed green, a warning yellow, a problem red, skipped dim.
    public var textStyle: TextStyle {
        switch self {
        case .passed: .green
        case .warning: .yellow
        case .failed, .crashed, .timedOut: .red
        case .skipped: .dim
        }
    }
}
