import RefreshLayers

/// The timelines one instance made (ABI 1.5, rh.timeline/1): a handle each, what
/// moves its time, and the time its animations read.
final class TimelineTable {
    enum Source: Int32 {
        case manual = 0, pullRatio = 1, pullDistance = 2
    }

    struct Entry {
        let source: Source
        let time: ScrubTime
    }

    /// RH_MAX_TIMELINES.
    static let limit = 64
    /// RH_TIMELINE_MAX_TIME.
    static let maxTime = 1e6

    private(set) var entries: [UInt32: Entry] = [:]
    /// Handles are never reused, so a stale one is refused rather than aliasing a new one.
    private var next: UInt32 = 1
    /// The header's position last delivered, for a pull-driven timeline made later.
    private(set) var distance = 0.0
    private(set) var ratio = 0.0

    var count: Int { entries.count }

    func make(_ source: Source) -> UInt32? {
        guard entries.count < Self.limit, next != 0 else { return nil }
        let id = next
        next &+= 1
        let time = ScrubTime()
        entries[id] = Entry(source: source, time: time)
        time.time = value(for: source)
        return id
    }

    subscript(id: UInt32) -> Entry? { entries[id] }

    func release(_ id: UInt32) -> Entry? { entries.removeValue(forKey: id) }

    /// The host moved the header: pull-driven timelines follow before the style hears of it.
    func drive(distance: Double, ratio: Double) {
        guard distance.isFinite, ratio.isFinite else { return }
        self.distance = distance
        self.ratio = ratio
        for entry in entries.values where entry.source != .manual { entry.time.time = value(for: entry.source) }
    }

    private func value(for source: Source) -> Double {
        switch source {
        case .manual: 0
        case .pullRatio: min(ratio, Self.maxTime)
        case .pullDistance: min(distance, Self.maxTime)
        }
    }
}
