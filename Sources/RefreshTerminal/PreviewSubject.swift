import RefreshHostController
import RefreshLayers

/// What the live preview drives and shows: a controller in this process
/// (trusted plugins, `--in-process`), or a proxy for one running in a
/// worker process. Input takes effect at the subject's current time.
public protocol PreviewSubject: AnyObject {
    /// The subject's current time on its timeline.
    var now: Double { get }
    var isTouching: Bool { get }
    var state: RefreshState { get }
    /// The pull as a fraction of the style's trigger distance, 0...1.
    var pullRatio: Double { get }
    /// The cycle of the current refresh.
    var cycle: Int { get }
    /// Cycles since the subject was made.
    var totalCycles: Int { get }
    /// What to draw: the header's layers (root first) and the list's pull, in points.
    var layers: [LayerSnapshot] { get }
    var pullDistance: Double { get }
    /// A finger down at `x` points from the viewport's left (nil: the middle).
    func touchDown(x: Double?)
    func moveFinger(to translation: Double, arrivingAt time: Double?, x: Double?)
    func release()
    @discardableResult func beginRefreshing() -> Bool
    /// Ends the refresh with `result` (ABI 1.3: the style may end a failure its own way).
    @discardableResult func endRefreshing(_ result: RefreshResult.Kind) -> Bool
    /// Moves time to `time`. Throws `PreviewStop` when the preview must end
    /// (the worker failed, or the user quit while it was waiting).
    func advance(to time: Double) throws
}

extension RefreshController: PreviewSubject {
    public var now: Double { timeline.now }
    public var isTouching: Bool { scroll.isTouching }
    public var pullRatio: Double { min(pullDistance, metrics.triggerDistance) / metrics.triggerDistance }
    public var cycle: Int { cycleCount }
    @discardableResult public func endRefreshing(_ result: RefreshResult.Kind) -> Bool {
        endRefreshing(result: RefreshResult(result))
    }
    public var layers: [LayerSnapshot] { tree.snapshot(root: root) }
}

/// Why a subject stopped the preview.
public enum PreviewStop: Error, Equatable {
    /// The user quit (q, Ctrl-C or a signal) while the subject was busy.
    case ended(LivePreview.Ending)
    /// The subject cannot go on: one line saying why.
    case failed(String)
}
