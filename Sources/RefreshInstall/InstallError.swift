/// Why a style folder could not be installed, removed or read: one line
/// that names the path and the cause.
public struct InstallError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The folder given is not a style folder, or holds what install refuses to copy.
        case badFolder
        /// There is already one of that name, and --force was not given.
        case exists
        /// The file system said no (permissions, a full disk).
        case io
        /// There is no user folder to install into: HOME is not an absolute path.
        case noHome
        /// `validate` could not be run, or did not pass: nothing was copied.
        case notChecked
    }

    public var description: String
    public var kind: Kind

    public init(_ description: String, _ kind: Kind) {
        self.description = description
        self.kind = kind
    }
}
