/// The limits on a style's own haptics and announcements (rh_host_t.haptic,
/// .announce): one of each per frame, at most 8 of each from a pull's start
/// to the header closing.
struct RequestLimits {
    static let perRefresh = 8

    private var frame = -Double.infinity
    private var inFrame: Set<Kind> = []
    private var counts: [Kind: Int] = [:]

    enum Kind: Hashable { case haptic, announce }

    /// Whether a request of `kind` at `time` is within the limits; counts it if so.
    mutating func admit(_ kind: Kind, at time: Double) -> Bool {
        if time != frame {
            frame = time
            inFrame = []
        }
        guard !inFrame.contains(kind), counts[kind, default: 0] < Self.perRefresh else { return false }
        inFrame.insert(kind)
        counts[kind, default: 0] += 1
        return true
    }

    /// The header closed: a new pull starts counting afresh.
    mutating func reset() { counts = [:] }
}
