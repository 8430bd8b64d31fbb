import RefreshEmbedABI

// rhe_host_*: see refresh_host_embed.h for each function's contract.

@_cdecl("rhe_host_new")
public func rhe_host_new(_ options: UnsafePointer<rhe_host_options_t>?, _ out: UnsafeMutablePointer<OpaquePointer?>?)
    -> rhe_status_t
{
    reporting("rhe_host_new") { () throws(EmbedError) in
        guard let out else { throw .invalid("out_host is NULL") }
        out.pointee = nil
        let parsed = try HostOptions(options)
        guard HostThread.adoptForNewHost() else {
            throw EmbedError(RHE_ERR_WRONG_THREAD, "another thread holds the process's hosts; every host must be made on that thread")
        }
        do throws(EmbedError) {
            // Checked once the thread is known to be the host's: only that thread runs the log callback.
            try Reentry.checkLog()
            out.pointee = Handles.add(try EmbedHost(options: parsed))
        } catch {
            HostThread.releaseHost()
            throw error
        }
        return .ok
    }
}

@_cdecl("rhe_host_free")
public func rhe_host_free(_ handle: OpaquePointer?) -> rhe_status_t {
    reporting("rhe_host_free") { () throws(EmbedError) in
        guard let handle else { return .ok }
        let host: EmbedHost = try Handles.object(handle, "host")
        try Reentry.checkLog()
        guard host.dispatching == 0 else { throw EmbedError(RHE_ERR_REENTRANT, "called from inside an event callback of one of the host's views") }
        guard host.viewCount == 0 else {
            throw EmbedError(RHE_ERR_BUSY, "the host has \(host.viewCount) live view(s): free them first; nothing was freed")
        }
        Handles.remove(handle)
        HostThread.releaseHost()
        return .ok
    }
}

@_cdecl("rhe_host_rescan")
public func rhe_host_rescan(_ handle: OpaquePointer?) -> rhe_status_t {
    reporting("rhe_host_rescan") { () throws(EmbedError) in
        let host: EmbedHost = try Handles.object(handle, "host")
        try Reentry.checkLog()
        guard host.dispatching == 0 else { throw EmbedError(RHE_ERR_REENTRANT, "called from inside an event callback of one of the host's views") }
        host.rescan()
        return .ok
    }
}

@_cdecl("rhe_host_style_count")
public func rhe_host_style_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> rhe_status_t {
    reporting("rhe_host_style_count") { () throws(EmbedError) in
        let host: EmbedHost = try Handles.object(handle, "host")
        try Reentry.checkLog()
        guard let out else { throw .invalid("out_count is NULL") }
        out.pointee = host.styles.count
        return .ok
    }
}

@_cdecl("rhe_host_style_at")
public func rhe_host_style_at(_ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<rhe_style_info_t>?)
    -> rhe_status_t
{
    reporting("rhe_host_style_at") { () throws(EmbedError) in
        let host: EmbedHost = try Handles.object(handle, "host")
        try Reentry.checkLog()
        let size = try StructSize.writable(out, "out", minimum: MemoryLayout<rhe_style_info_t>.size)
        guard index >= 0, index < host.styles.count else { throw .range("index \(UInt(bitPattern: index)) is past the \(host.styles.count) style(s)") }
        StructSize.write(host.styles[index].info, to: out!, size: size)
        return .ok
    }
}

@_cdecl("rhe_host_style_param_at")
public func rhe_host_style_param_at(_ handle: OpaquePointer?, _ style: Int, _ param: Int,
                                    _ out: UnsafeMutablePointer<rhe_param_info_t>?) -> rhe_status_t
{
    reporting("rhe_host_style_param_at") { () throws(EmbedError) in
        let host: EmbedHost = try Handles.object(handle, "host")
        try Reentry.checkLog()
        let size = try StructSize.writable(out, "out", minimum: MemoryLayout<rhe_param_info_t>.size)
        guard style >= 0, style < host.styles.count else { throw .range("style_index \(UInt(bitPattern: style)) is past the \(host.styles.count) style(s)") }
        let params = host.styles[style].params
        guard param >= 0, param < params.count else { throw .range("param_index \(UInt(bitPattern: param)) is past the style's \(params.count) parameter(s)") }
        StructSize.write(params[param], to: out!, size: size)
        return .ok
    }
}
