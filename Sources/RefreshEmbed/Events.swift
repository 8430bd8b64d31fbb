import RefreshEmbedABI
import RefreshHostController

/// A view's events as the application hears them (rhe_event_t), through its
/// callback, on the host's thread, inside the call that caused them.
enum EventOut {
    /// The controller's events the API reports; the rest (cycles, exit timing, ignored requests) it does not.
    static func send(_ event: RefreshEvent, at time: Double, to view: EmbedView) {
        var out = blank(at: time)
        switch event {
        case let .didStart(programmatic):
            out.kind = rhe_event_kind_t(RHE_EVENT_REFRESH_REQUESTED)
            out.programmatic = programmatic
        case let .stateChanged(from, to):
            out.kind = rhe_event_kind_t(RHE_EVENT_STATE_CHANGED)
            out.old_state = rhe_state_t(from.rawValue)
            out.new_state = rhe_state_t(to.rawValue)
        case let .haptic(haptic, _):
            out.kind = rhe_event_kind_t(RHE_EVENT_HAPTIC)
            out.haptic = rhe_haptic_t(haptic.rawValue)
        case let .announced(text):
            out.kind = rhe_event_kind_t(RHE_EVENT_ANNOUNCEMENT)
            deliver(out, text: text, to: view)
            return
        default:
            return
        }
        deliver(out, text: "", to: view)
    }

    /// The one STYLE_FAILED a view gets, with the reason.
    static func failed(_ reason: String, at time: Double, to view: EmbedView) {
        var out = blank(at: time)
        out.kind = rhe_event_kind_t(RHE_EVENT_STYLE_FAILED)
        deliver(out, text: reason, to: view)
    }

    private static func blank(at time: Double) -> rhe_event_t {
        var out = rhe_event_t()
        out.struct_size = UInt32(MemoryLayout<rhe_event_t>.size)
        out.time = time
        return out
    }

    private static func deliver(_ event: rhe_event_t, text: String, to view: EmbedView) {
        guard let callback = view.options.onEvent, let handle = view.handle else { return }
        var event = event
        text.withCString { text in
            event.text = text
            callback(handle, &event, view.options.userData)
        }
    }
}
