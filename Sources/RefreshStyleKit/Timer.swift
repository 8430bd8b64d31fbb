import RefreshHostABI

/// A host timer (ABI 1.2), made by `StyleHost.after`: its body runs once,
/// from the host's frame loop, on the host's clock.
public struct Timer: Hashable {
    public let host: StyleHost
    public let handle: rh_timer_t

    /// Cancels it if it is still pending: its body then runs with false,
    /// from the frame loop (never from inside this call). `.invalidArgument`
    /// if it already ran or was cancelled.
    @discardableResult
    public func cancel() -> Status {
        status(host.raw.pointee.timer_cancel?(host.raw, handle))
    }

    public static func == (a: Timer, b: Timer) -> Bool {
        a.handle == b.handle && a.host.raw == b.host.raw
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle)
        hasher.combine(host.raw)
    }
}

extension StyleHost {
    /// Runs `body(true)` once, `seconds` of host time from now (0...3600;
    /// 0 means in the frame loop, after the current call returns), or
    /// `body(false)` if it is cancelled first. Timers still pending at the
    /// instance's destroy are dropped unrun. Nil if the host refused (a
    /// delay out of range, too many pending timers: it logged why); `body`
    /// then runs with false at once, as a refused animate block's
    /// completion does.
    @discardableResult
    public func after(_ seconds: Double, _ body: @escaping (Bool) -> Void) -> Timer? {
        guard let schedule = raw.pointee.timer_schedule else {
            body(false)
            return nil
        }
        let user = PendingCompletions.register(owner: owner, body)
        var handle = RH_TIMER_NONE
        guard schedule(raw, seconds, PendingCompletions.trampoline, user, &handle) >= 0 else {
            PendingCompletions.take(user)?(false)
            return nil
        }
        return handle == RH_TIMER_NONE ? nil : Timer(host: self, handle: handle)
    }

    /// The output's device pixels per point (2 for a 2x render), in
    /// 0.1...16; constant for the instance's life. Draw images at
    /// `size * pixelScale` pixels and set their layer's `contentsScale` to it.
    public var pixelScale: Double { raw.pointee.pixel_scale?(raw) ?? 1 }
}
