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
    /// The pull as a fraction of the style's height, 0...1.
    var pullRatio: Double { get }
    /// The cycle of the current refresh.
    var cycle: Int { get }
    /// Cycles since the subject was made.
    var totalCycles: Int { get }
    /// What to draw: the header's layers (root first) and the list's pull, in points.
    var layers: [LayerSnapshot] { get }
    var pullDistance: Double { get }
    func touchDown()
    func moveFinger(to translation: Double, arrivingAt time: Double?)
    func release()
    @discardableResult func beginRefreshing() -> Bool
    @discardableResult func endRefreshing() -> Bool
    /// Moves time to `time`. Throws `PreviewStop` when the preview must end
    /// (the worker failed, or the user quit while it was waiting).
    func advance(to time: Double) throws
}

extension RefreshController: PreviewSubject {
    public var now: Double { timeline.now }
    public var isTouching: Bool { scroll.isTouching }
    public var pullRatio: Double { min(pullDistance, metrics.height) / metrics.height }
    public var cycle: Int { cycleCount }
    @discardableResult public func endRefreshing() -> Bool { endRefreshing(result: .success) }
    public func touchDown() { touchDown(x: nil) }
    public func moveFinger(to translation: Double, arrivingAt time: Double?) {
        moveFinger(to: translation, arrivingAt: time, x: nil)
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
