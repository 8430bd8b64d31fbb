import RefreshHostABI

/// How a refresh ended (ABI 1.3), handed to `exit(result:done:)`.
public struct RefreshResult: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// New content arrived, or the content is current.
        case success
        /// The refresh failed (no network, a server error).
        case failure
        /// There is nothing more to load (footers, mostly).
        case noMore
    }

    public var kind: Kind
    /// A short line from the app for the user ("3 new posts"), if any.
    public var message: String?

    public init(_ kind: Kind, message: String? = nil) {
        self.kind = kind
        self.message = message
    }

    public static let success = RefreshResult(.success)

    /// The host's result; success when it is NULL or too short to hold a kind.
    /// A kind newer than this kit reads as success, the ending every style has.
    init(_ c: UnsafePointer<rh_refresh_result_t>?) {
        guard let c, c.pointee.struct_size >= MemoryLayout<rh_refresh_result_t>.offset(of: \.message)! else {
            self.init(.success)
            return
        }
        let kind: Kind = switch c.pointee.kind {
        case rh_result_t(RH_RESULT_FAILURE): .failure
        case rh_result_t(RH_RESULT_NO_MORE): .noMore
        default: .success
        }
        let hasMessage = c.pointee.struct_size >= MemoryLayout<rh_refresh_result_t>.size
        self.init(kind, message: hasMessage ? c.pointee.message.map { String(cString: $0) } : nil)
    }
}
