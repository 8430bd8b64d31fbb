import RefreshEmbedABI

// Drawing the header: rhe_view_draw_cairo, rhe_view_draw_rgba. See refresh_host_embed.h.

@_cdecl("rhe_view_draw_cairo")
public func rhe_view_draw_cairo(_ handle: OpaquePointer?, _ cr: OpaquePointer?, _ scale: Double) -> rhe_status_t {
    reporting("rhe_view_draw_cairo") { () throws(EmbedError) in
        let view: EmbedView = try Handles.object(handle, "view")
        try ViewCall.checkReentry(view)
        guard let cr else { throw .invalid("cr is NULL") }
        try checkScale(scale)
        Drawing.draw(view, into: cr)
        ViewCall.finish(view)
        return .ok
    }
}

@_cdecl("rhe_view_draw_rgba")
public func rhe_view_draw_rgba(_ handle: OpaquePointer?, _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int32, _ height: Int32,
                               _ stride: Int32, _ scale: Double) -> rhe_status_t
{
    reporting("rhe_view_draw_rgba") { () throws(EmbedError) in
        let view: EmbedView = try Handles.object(handle, "view")
        try ViewCall.checkReentry(view)
        guard let pixels else { throw .invalid("pixels is NULL") }
        guard Int(bitPattern: pixels) % 4 == 0 else { throw .invalid("pixels is not aligned to 4 bytes (one ARGB32 word)") }
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw .range("\(width) x \(height) pixels is not within 1 to 16384 a side")
        }
        guard Int(stride) >= 4 * Int(width), stride % 4 == 0 else {
            throw .range("stride \(stride) is not a multiple of 4 of at least 4 x width (\(4 * Int(width)))")
        }
        try checkScale(scale)
        try Drawing.draw(view, pixels: pixels, width: width, height: height, stride: stride, scale: scale)
        ViewCall.finish(view)
        return .ok
    }
}

private func checkScale(_ scale: Double) throws(EmbedError) {
    guard scale.isFinite, scale > 0, scale <= 16 else { throw .range("scale \(scale) is not in (0, 16]") }
}
