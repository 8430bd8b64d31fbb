import RefreshEmbedABI
import RefreshHostController
import RefreshSession

// rhe_view_new, rhe_view_free, rhe_view_get_style, rhe_view_advance: see refresh_host_embed.h.

@_cdecl("rhe_view_new")
public func rhe_view_new(_ hostHandle: OpaquePointer?, _ style: UnsafePointer<CChar>?, _ options: UnsafePointer<rhe_view_options_t>?,
                         _ time: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> rhe_status_t
{
    reporting("rhe_view_new") { () throws(EmbedError) in
        let host: EmbedHost = try Handles.object(hostHandle, "host")
        try Reentry.checkLog()
        guard let out else { throw .invalid("out_view is NULL") }
        out.pointee = nil
        guard let style else { throw .invalid("style is NULL") }
        guard time.isFinite else { throw .range("time \(time) is not a finite number of seconds") }
        let parsed = try ViewOptions(options, host: host)
        let view = try EmbedView(host: host, style: String(cString: style), options: parsed, time: time)
        let handle = Handles.add(view)
        view.handle = handle
        host.viewCount += 1
        out.pointee = handle
        return .ok
    }
}

@_cdecl("rhe_view_free")
public func rhe_view_free(_ handle: OpaquePointer?) -> rhe_status_t {
    reporting("rhe_view_free") { () throws(EmbedError) in
        guard let handle else { return .ok }
        let view: EmbedView = try Handles.object(handle, "view")
        try Reentry.checkLog()
        if view.dispatching {
            view.freeRequested = true
            return .queued
        }
        ViewCall.free(view)
        return .ok
    }
}

@_cdecl("rhe_view_get_style")
public func rhe_view_get_style(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<rhe_style_info_t>?) -> rhe_status_t {
    reporting("rhe_view_get_style") { () throws(EmbedError) in
        let view: EmbedView = try Handles.object(handle, "view")
        try ViewCall.checkReentry(view)
        let size = try StructSize.writable(out, "out", minimum: MemoryLayout<rhe_style_info_t>.size)
        StructSize.write(view.style.info, to: out!, size: size)
        return .ok
    }
}

@_cdecl("rhe_view_advance")
public func rhe_view_advance(_ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<rhe_frame_t>?) -> rhe_status_t {
    reporting("rhe_view_advance") { () throws(EmbedError) in
        let view: EmbedView = try Handles.object(handle, "view")
        try ViewCall.checkReentry(view)
        let size = try StructSize.writable(out, "out", minimum: MemoryLayout<rhe_frame_t>.size)
        try view.check(time: time)
        view.advance(to: time)
        let frame = FrameOut.make(view)
        ViewCall.finish(view)
        StructSize.write(frame, to: out!, size: size)
        return .ok
    }
}

@_cdecl("rhe_view_set_size")
public func rhe_view_set_size(_ handle: OpaquePointer?, _ time: Double, _ width: Double, _ height: Double, _ scale: Double)
    -> rhe_status_t
{
    reporting("rhe_view_set_size") { () throws(EmbedError) in
        let view: EmbedView = try Handles.object(handle, "view")
        try ViewCall.checkReentry(view)
        try view.check(time: time)
        for (value, name) in [(width, "width"), (height, "height")] {
            guard value.isFinite, value >= 10, value <= 10_000 else { throw .range("\(name) \(value) is not in [10, 10000] points") }
        }
        guard scale == 0 || (scale.isFinite && scale > 0 && scale <= 8) else { throw .range("scale \(scale) is not 0 or in (0, 8]") }
        view.resize(width: width, height: height, scale: scale == 0 ? view.options.settings.pixelScale : scale, at: time)
        ViewCall.finish(view)
        return .ok
    }
}

/// What every view entry point shares.
enum ViewCall {
    static func checkReentry(_ view: EmbedView) throws(EmbedError) {
        try Reentry.checkLog()
        try Reentry.checkEvent(view)
    }

    /// An input at `time`: checked, applied, its events told, then a free the callbacks asked for.
    static func input(_ handle: OpaquePointer?, _ time: Double, numbers: [(Double, String)] = [],
                      _ build: (inout GestureTrack) -> [SessionInput]) throws(EmbedError) -> rhe_status_t {
        let view: EmbedView = try Handles.object(handle, "view")
        try checkReentry(view)
        try view.check(time: time)
        for (value, name) in numbers {
            guard value.isFinite, abs(value) <= 1e6 else { throw .range("\(name) \(value) is not a finite number within 1e6 points") }
        }
        view.call(time, build)
        finish(view)
        return .ok
    }

    /// After a call: the free a callback asked for.
    static func finish(_ view: EmbedView) {
        if view.freeRequested { free(view) }
    }

    static func free(_ view: EmbedView) {
        view.close()
        view.host.viewCount -= 1
        if let handle = view.handle { Handles.remove(handle) }
    }
}
