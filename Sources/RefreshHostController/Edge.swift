/// The edge an instance sits at (`rh_edge_t`): a header refreshes, a footer loads more.
public enum Edge: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case top = 0
    case bottom = 1

    public var description: String { self == .top ? "header" : "footer" }
}
