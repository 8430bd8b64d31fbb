import RefreshHostABI
import RefreshLayers

/// One instance's host timers (timer_schedule, timer_cancel; ABI 1.2), kept on
/// the tree's timeline so they run on the host's clock, in order with
/// completions, under the same per-frame chain limit.
///
/// A timer counts against RH_MAX_TIMERS from timer_schedule until its callback
/// has run: with true when due, or with false after timer_cancel. Handles are
/// never 0 and are not reused while pending.
final class TimerTable {
    private struct Entry {
        /// The timeline action that will call the callback: the due call, or
        /// after a cancel the deferred call with false.
        var action: Timeline.TimerID
        let callback: (Bool) -> Void
        var cancelled = false
    }

    /// Pending timers by handle: only looked up, never iterated in an order that matters.
    private var entries: [rh_timer_t: Entry] = [:]
    private var lastHandle: rh_timer_t = 0
    let limit = Int(RH_MAX_TIMERS)
    /// The longest delay (seconds) timer_schedule accepts.
    static let maxDelay = 3600.0

    var pendingCount: Int { entries.count }

    /// Schedules `callback(true)` `delay` seconds from timeline.now.
    func schedule(_ delay: Double, on timeline: Timeline, _ callback: @escaping (Bool) -> Void)
        throws(ServiceError) -> rh_timer_t
    {
        guard delay.isFinite, delay >= 0, delay <= Self.maxDelay else {
            throw ServiceError(RH_ERR_OUT_OF_RANGE, "delay = \(delay) is out of range [0, \(Int(Self.maxDelay))]")
        }
        guard entries.count < limit else {
            throw ServiceError(RH_ERR_LIMIT, "this instance already has \(limit) pending timers")
        }
        let handle = nextHandle()
        let action = timeline.schedule(at: timeline.now + delay) { [weak self] in
            self?.entries[handle] = nil
            callback(true)
        }
        entries[handle] = Entry(action: action, callback: callback)
        return handle
    }

    /// Cancels a pending timer: its callback runs with false from the timeline
    /// at now, never from inside this call.
    func cancel(_ handle: rh_timer_t, on timeline: Timeline) throws(ServiceError) {
        guard var entry = entries[handle], !entry.cancelled else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "timer \(handle) is not pending (unknown, already run or already cancelled)")
        }
        timeline.cancel(entry.action)
        entry.cancelled = true
        let callback = entry.callback
        entry.action = timeline.schedule(at: timeline.now) { [weak self] in
            self?.entries[handle] = nil
            callback(false)
        }
        entries[handle] = entry
    }

    /// Drops every pending timer unrun (the instance is destroyed).
    func dropAll(on timeline: Timeline) {
        for entry in entries.values { timeline.cancel(entry.action) }
        entries.removeAll()
    }

    /// The next handle that is neither 0 nor pending (at most RH_MAX_TIMERS are,
    /// so the search ends at once unless 2^32 timers wrapped around).
    private func nextHandle() -> rh_timer_t {
        repeat { lastHandle &+= 1 } while lastHandle == 0 || entries[lastHandle] != nil
        return lastHandle
    }
}
