import RefreshHostABI

/// rh.theme/1 (ABI 1.5): which parts of the theme the app or the user chose.
extension HostServices {
    static let themeGiven: @convention(c) (UnsafePointer<rh_host_t>?, UnsafeMutablePointer<UInt32>?) -> rh_status_t = {
        host, out in
        serve(host, "theme.given") { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            guard let e = context.environment else { throw ServiceError(RH_ERR_BAD_STATE, "called before setup") }
            out.pointee = e.theme.given.rawValue
        }
    }
}
