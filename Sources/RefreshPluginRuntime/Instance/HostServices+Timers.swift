import RefreshHostABI
import RefreshLayers

/// ABI 1.2: host-scheduled, cancellable callbacks on the host's clock. The
/// callback goes through the instance's completion path: the dispatcher (a
/// crash or hang in it is reported as a completion's), never after destroy.
extension HostServices {
    static func installTimers(_ t: inout rh_host_t) {
        t.timer_schedule = timerSchedule
        t.timer_cancel = timerCancel
    }

    static let timerSchedule: @convention(c) (UnsafePointer<rh_host_t>?, Double, rh_completion_fn?, UnsafeMutableRawPointer?, UnsafeMutablePointer<rh_timer_t>?) -> rh_status_t = {
        host, delay, callback, user, out in
        serve(host, "timer_schedule", shown(delay, callback, user)) { context throws(ServiceError) in
            guard let call = context.completion(callback, user, as: .timer) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "callback is NULL")
            }
            let handle = try context.timers.schedule(delay, on: context.tree.timeline, call)
            out?.pointee = handle
        }
    }

    static let timerCancel: @convention(c) (UnsafePointer<rh_host_t>?, rh_timer_t) -> rh_status_t = { host, timer in
        serve(host, "timer_cancel", shown(timer)) { context throws(ServiceError) in
            try context.timers.cancel(timer, on: context.tree.timeline)
        }
    }
}
