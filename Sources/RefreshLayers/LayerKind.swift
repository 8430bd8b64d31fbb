/// A layer handle. 0 is never valid; ids count up from 1 and are never reused,
/// so a stale handle can never alias a newer layer.
public typealias LayerID = UInt32

/// What a layer draws. Raw values match rh_layer_kind_t.
public enum LayerKind: Int32, Sendable, CaseIterable {
    case group = 0, rect = 1, ellipse = 2, path = 3, text = 4
    /// ABI 1.2.
    case image = 5

    /// Lower-case name, for logs.
    public var name: String {
        switch self {
        case .group: "group"
        case .rect: "rect"
        case .ellipse: "ellipse"
        case .path: "path"
        case .text: "text"
        case .image: "image"
        }
    }
}
