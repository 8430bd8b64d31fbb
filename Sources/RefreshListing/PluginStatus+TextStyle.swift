import RefreshConsole
import RefreshDiscovery

extension PluginStatus {
    /// A plugin's status in `list`: loaded green, shadowed dim (fine, just
    /// unused), rejected and refused red, quarantined (it hung or crashed the
    /// scanner; tried again after a change or --rescan) yellow.
    public var textStyle: TextStyle {
        switch self {
        case .loaded: .green
        case .shadowed: .dim
        case .rejected, .refused: .red
        case .quarantined: .yellow
        }
    }
}
