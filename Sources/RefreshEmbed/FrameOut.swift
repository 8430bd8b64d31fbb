import RefreshEmbedABI
import RefreshRender
import RefreshSession

/// A view's frame as rhe_frame_t: what the application does with its content
/// and where the header is.
enum FrameOut {
    static func make(_ view: EmbedView) -> rhe_frame_t {
        let frame = view.frame
        var out = rhe_frame_t()
        out.struct_size = UInt32(MemoryLayout<rhe_frame_t>.size)
        out.time = view.lastTime
        out.state = rhe_state_t(frame.state.rawValue)
        out.pull = frame.pull
        out.content_offset = frame.list.offset
        out.content_stretch = frame.list.stretch
        out.resting_inset = [.refreshing, .exiting].contains(frame.state) ? view.style.info.height : 0
        let rect = headerRect(view)
        (out.header_x, out.header_y, out.header_width, out.header_height) = rect
        out.header_in_front = frame.list.headerInFront
        out.needs_frames = !frame.isAtRest
        out.style_failed = view.failure != nil
        return out
    }

    static func headerRect(_ view: EmbedView) -> (x: Double, y: Double, width: Double, height: Double) {
        let settings = view.options.settings
        return HeaderDrawing(width: settings.width, height: settings.height)
            .rect(list: view.frame.list, headerTop: view.frame.headerTop, rootHeight: view.descriptor.metrics.height)
    }
}
