/// Virtual time and the one ordered queue of timed actions (animation completions,
/// controller timers). Everything that happens "later" goes through here, so a run
/// is a pure function of the calls made and the times advanced to.
public final class Timeline {
    public private(set) var now: Double

    /// Identifies a scheduled action, for cancel(_:).
    public struct TimerID: Hashable, Sendable {
        let sequence: UInt64
    }

    /// Heap entry; ordered by (time, sequence) so equal times run first-in first-out.
    private struct Entry {
        let time: Double
        let sequence: UInt64

        func runsBefore(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    /// Min-heap of entries; entries whose action was cancelled stay until popped or compacted.
    private var heap: [Entry] = []
    /// Pending actions by sequence. Only looked up, never iterated, so its order never matters.
    private var actions: [UInt64: () -> Void] = [:]
    private var nextSequence: UInt64 = 0

    /// The most actions one advance(to:) runs that were scheduled during that same
    /// advance. A completion that restarts itself at once (a zero-duration block, say)
    /// schedules a new action at the same instant for ever; past this many the rest
    /// wait for the next advance, so one frame's work is bounded. Actions pending
    /// before the advance began are finite and always run.
    public var chainLimit = Timeline.defaultChainLimit
    public static let defaultChainLimit = 1000
    /// Called (at most once per advance) when an advance stopped at chainLimit with
    /// due actions left; the argument is how many advances have stopped so far.
    public var onChainLimit: ((Int) -> Void)?
    /// Advances that stopped at chainLimit with due actions left over.
    public private(set) var deferredAdvances = 0

    public init(start: Double = 0) {
        now = start.isFinite ? start : 0
    }

    /// Schedules `action` at `time`; a time before now (or NaN) is clamped to now.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerID {
        let t = time >= now ? time : now
        let seq = nextSequence
        nextSequence += 1
        actions[seq] = action
        push(Entry(time: t, sequence: seq))
        return TimerID(sequence: seq)
    }

    /// Drops a pending action; unknown or already-run ids are ignored.
    public func cancel(_ id: TimerID) {
        guard actions.removeValue(forKey: id.sequence) != nil else { return }
        // Keep cancelled leftovers from piling up when timers are cancelled far more than run.
        if heap.count > 64 && heap.count > 2 * actions.count { compact() }
    }

    /// Runs every due action with time <= `time`, in (time, scheduling order); while an
    /// action runs, `now` equals that action's time, so work it schedules starts exactly
    /// there. Actions scheduled during the advance for times <= `time` also run in this
    /// call, up to chainLimit of them; due ones beyond wait for the next advance.
    /// Finally now = time. A `time` before now (or NaN) does nothing.
    public func advance(to time: Double) {
        guard time >= now else { return }
        let firstNew = nextSequence
        var chained = 0
        // New actions past the limit, set aside so the ones pending before still run.
        var deferred: [Entry] = []
        while let top = heap.first, top.time <= time {
            guard let action = actions[top.sequence] else {
                popTop()  // cancelled
                continue
            }
            if top.sequence >= firstNew {
                guard chained < chainLimit else {
                    popTop()
                    deferred.append(top)
                    continue
                }
                chained += 1
            }
            popTop()
            actions[top.sequence] = nil
            if top.time > now { now = top.time }
            action()
        }
        if !deferred.isEmpty {
            for entry in deferred { push(entry) }
            deferredAdvances += 1
            onChainLimit?(deferredAdvances)
        }
        // An action may itself have advanced further; time never runs backwards.
        if time > now { now = time }
    }

    /// Time of the earliest pending action, or nil.
    public var nextEventTime: Double? {
        dropCancelledTop()
        return heap.first?.time
    }

    public var pendingCount: Int { actions.count }

    // MARK: - Heap

    private func dropCancelledTop() {
        while let top = heap.first, actions[top.sequence] == nil { popTop() }
    }

    private func push(_ e: Entry) {
        heap.append(e)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].runsBefore(heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var best = i
            if l < heap.count && heap[l].runsBefore(heap[best]) { best = l }
            if r < heap.count && heap[r].runsBefore(heap[best]) { best = r }
            if best == i { return }
            heap.swapAt(i, best)
            i = best
        }
    }

    private func compact() {
        heap.removeAll { actions[$0.sequence] == nil }
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }
}
