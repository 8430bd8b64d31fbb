import RefreshHostABI

/// An ABI version `{major, minor, patch}`.
public struct ABIVersion: Equatable, Comparable, Sendable, CustomStringConvertible {
    public var major: UInt32
    public var minor: UInt32
    public var patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    init(_ v: rh_version_t) { self.init(major: v.major, minor: v.minor, patch: v.patch) }

    /// The version of refresh_host.h this host was built with.
    public static let host = ABIVersion(
        major: UInt32(RH_ABI_VERSION_MAJOR), minor: UInt32(RH_ABI_VERSION_MINOR), patch: UInt32(RH_ABI_VERSION_PATCH))

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: ABIVersion, b: ABIVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// Why a host of version `self` refuses a plugin built for `plugin`, or
    /// nil when it accepts it: same major, and a minor no newer than ours.
    public func refusal(of plugin: ABIVersion) -> String? {
        if plugin.major != major {
            return "built for ABI \(plugin), this host speaks ABI \(self) (major versions differ)"
        }
        if plugin.minor > minor {
            return "built for ABI \(plugin), newer than this host's ABI \(self): update refresh-host"
        }
        return nil
    }
}
