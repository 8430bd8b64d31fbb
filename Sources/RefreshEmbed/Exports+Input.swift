import RefreshEmbedABI
import RefreshHostController
import RefreshSession

// Input: touches, overscroll, begin and end refresh. See refresh_host_embed.h.

@_cdecl("rhe_view_touch_down")
public func rhe_view_touch_down(_ handle: OpaquePointer?, _ time: Double, _ x: Double) -> rhe_status_t {
    reporting("rhe_view_touch_down") { () throws(EmbedError) in
        try ViewCall.input(handle, time, numbers: [(x, "x")]) { $0.touchDown(x: x) }
    }
}

@_cdecl("rhe_view_touch_move")
public func rhe_view_touch_move(_ handle: OpaquePointer?, _ time: Double, _ travel: Double, _ x: Double) -> rhe_status_t {
    reporting("rhe_view_touch_move") { () throws(EmbedError) in
        try ViewCall.input(handle, time, numbers: [(travel, "travel"), (x, "x")]) { $0.move(travel: travel, x: x) }
    }
}

@_cdecl("rhe_view_touch_up")
public func rhe_view_touch_up(_ handle: OpaquePointer?, _ time: Double) -> rhe_status_t {
    reporting("rhe_view_touch_up") { () throws(EmbedError) in
        try ViewCall.input(handle, time) { $0.release() }
    }
}

@_cdecl("rhe_view_overscroll")
public func rhe_view_overscroll(_ handle: OpaquePointer?, _ time: Double, _ phase: rhe_overscroll_phase_t, _ delta: Double)
    -> rhe_status_t
{
    reporting("rhe_view_overscroll") { () throws(EmbedError) in
        guard (RHE_OVERSCROLL_BEGIN...RHE_OVERSCROLL_END).contains(Int(phase)) else {
            throw .invalid("phase \(phase) is not an rhe_overscroll_phase_t")
        }
        let numbers = Int(phase) == RHE_OVERSCROLL_UPDATE ? [(delta, "delta")] : []
        return try ViewCall.input(handle, time, numbers: numbers) { $0.overscroll(Int(phase), delta: delta) }
    }
}

@_cdecl("rhe_view_begin_refresh")
public func rhe_view_begin_refresh(_ handle: OpaquePointer?, _ time: Double) -> rhe_status_t {
    reporting("rhe_view_begin_refresh") { () throws(EmbedError) in
        try ViewCall.request(handle, time, .beginRefreshing)
    }
}

@_cdecl("rhe_view_end_refresh")
public func rhe_view_end_refresh(_ handle: OpaquePointer?, _ time: Double, _ result: rhe_result_t, _ message: UnsafePointer<CChar>?)
    -> rhe_status_t
{
    reporting("rhe_view_end_refresh") { () throws(EmbedError) in
        guard let kind = RefreshResult.Kind(rawValue: result) else { throw .invalid("result \(result) is not an rhe_result_t") }
        let text = message.map { String(cString: $0) }
        if let text, text.utf8.count > 255 { throw .range("message is \(text.utf8.count) bytes; at most 255") }
        return try ViewCall.request(handle, time, .endRefreshing(RefreshResult(kind, message: text)))
    }
}

extension ViewCall {
    /// begin or end refresh: from the view's own callback they wait for the outer call (its time, not `time`).
    static func request(_ handle: OpaquePointer?, _ time: Double, _ input: SessionInput) throws(EmbedError) -> rhe_status_t {
        let view: EmbedView = try Handles.object(handle, "view")
        try Reentry.checkLog()
        if !view.dispatching { try view.check(time: time) }
        let status = view.request(input, at: time)
        if !view.dispatching { finish(view) }
        return status
    }
}
