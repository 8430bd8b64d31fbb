import RefreshEmbedABI

// The library's own functions: [any-thread].

@_cdecl("rhe_version")
public func rhe_version() -> rhe_version_t {
    rhe_version_t(major: UInt32(RHE_VERSION_MAJOR), minor: UInt32(RHE_VERSION_MINOR), patch: UInt32(RHE_VERSION_PATCH))
}

@_cdecl("rhe_last_error")
public func rhe_last_error() -> UnsafePointer<CChar> {
    LastError.current
}
