/// How a refresh ended (`rh_result_t`, `rh_refresh_result_t`): the app says
/// so when it ends the refresh, and the style's exit may play an ending to fit.
public struct RefreshResult: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Int32, Sendable, NamedCase {
        case success = 0
        case failure = 1
        case noMore = 2

        /// The names the CLI and JSON use.
        public var description: String {
            switch self {
            case .success: "success"
            case .failure: "failure"
            case .noMore: "no-more"
            }
        }
    }

    /// The longest message, in UTF-8 bytes (the header's 255).
    public static let maxMessageBytes = 255

    public var kind: Kind
    /// A short line for the user ("3 new posts"), at most 255 UTF-8 bytes.
    public var message: String?

    public init(_ kind: Kind = .success, message: String? = nil) {
        self.kind = kind
        self.message = message
    }

    public static let success = RefreshResult(.success)

    public var description: String {
        message.map { "\(kind) (\"\($0)\")" } ?? kind.description
    }
}
