import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshTerminal
import RefreshSession

/// `run --watch`: the live preview's subject is the style's worker until its
/// plugin file is rebuilt; then a worker on the new build takes over where the
/// gesture is (finger down at the same travel, a refresh running), and only
/// once it has drawn a frame is the old one stopped. A build that does not
/// load, lacks the style or fails in its first frame leaves the old one
/// running, and `onEvent` says why. Each build runs from its own copy of the
/// file (PluginSnapshot), so rewriting the file in place cannot pull the old
/// build's code from under it.
public final class ReloadingSubject: PreviewSubject {
    public enum Event: Equatable {
        /// A new version of the file settled; its scan has started.
        case reloading
        /// Build `build` (1 is the one the preview started with) took over.
        case reloaded(StyleSummary, build: Int)
        /// The new version could not take over; build `kept` goes on.
        case failed(String, kept: Int)
    }

    public private(set) var current: SessionSubject
    /// The copy the current build runs from (nil: it runs from the file itself).
    private var snapshot: PluginSnapshot?
    public private(set) var build = 1
    public let styleID: String
    /// The plugin file as found on the search path (a symlink stays one: its
    /// target is what is stat'ed and loaded).
    public let path: String
    private var watcher: StyleWatcher
    private var scan: BuildScan?
    private let scanOptions: PluginRegistry.Options
    /// Starts a worker for `entry`'s style that loads `file` (the entry's, or a copy of it).
    /// Opens a session of `entry`'s style from `file`; PreviewStop.ended when the user quits meanwhile.
    public typealias SessionStarter = (_ entry: PluginEntry, _ file: String, _ interrupt: @escaping () -> LivePreview.Ending?) throws
        -> any StyleSession
    private let startSession: SessionStarter
    /// As SessionSubject's: asked while a worker is waited for.
    public var interrupt: () -> LivePreview.Ending? = { nil } {
        didSet { current.interrupt = interrupt }
    }
    public var onEvent: (Event) -> Void = { _ in }
    /// The finger as the input left it, for the next build.
    private var finger: (translation: Double, arriving: Double?, x: Double?) = (0, nil, nil)
    private var retiredRefreshes = 0
    private var retiredCycles = 0
    private var retiredProblems: [String] = []

    /// `watching`: the file whose changes reload the style, when it is not the plugin file itself
    /// (a designer's Lottie file, which the adapter at `path` reads).
    public init(_ subject: SessionSubject, snapshot: PluginSnapshot?, path: String, watching: String? = nil,
                scanOptions: PluginRegistry.Options, now: Double, startSession: @escaping SessionStarter) {
        current = subject
        self.snapshot = snapshot
        styleID = subject.summary.id
        self.path = path
        self.scanOptions = scanOptions
        self.startSession = startSession
        watcher = StyleWatcher(path: watching ?? path, now: now)
    }

    public var now: Double { current.now }
    public var isTouching: Bool { current.isTouching }
    public var state: RefreshState { current.state }
    public var pullRatio: Double { current.pullRatio }
    public var cycle: Int { current.cycle }
    public var totalCycles: Int { retiredCycles + current.totalCycles }
    public var layers: [LayerSnapshot] { current.layers }
    public var pullDistance: Double { current.pullDistance }
    public var refreshes: Int { retiredRefreshes + current.refreshes }
    public var problems: [String] { retiredProblems + current.problems }

    public var lastCue: (text: String, time: Double)? { current.lastCue }

    public func touchDown(x: Double?) {
        finger = (0, nil, x)
        current.touchDown(x: x)
    }

    public func moveFinger(to translation: Double, arrivingAt time: Double?, x: Double?) {
        finger = (translation, time, x ?? finger.x)
        current.moveFinger(to: translation, arrivingAt: time, x: x)
    }

    public func release() { current.release() }
    public func beginRefreshing() -> Bool { current.beginRefreshing() }
    public func endRefreshing(_ result: RefreshResult.Kind) -> Bool { current.endRefreshing(result) }

    public func advance(to time: Double) throws {
        if scan == nil, let change = watcher.poll(now: time) {
            switch change {
            case .changed:
                scan = BuildScan(path: path, styleID: styleID, options: scanOptions)
                onEvent(.reloading)
            case .gone:
                onEvent(.failed("the file is gone", kept: build))
            }
        }
        if let outcome = scan?.outcome {
            scan = nil
            switch outcome {
            case let .failed(why): onEvent(.failed(why, kept: build))
            case let .loaded(entry): if try takeOver(entry, at: time) { return }
            }
        }
        try current.advance(to: time)
    }

    /// Starts the new build, brings it to `time` and the gesture, and swaps it
    /// in; false (and an event) when it fails, with the old one untouched.
    private func takeOver(_ entry: PluginEntry, at time: Double) throws -> Bool {
        var next: SessionSubject?
        let copy = PluginSnapshot(of: entry.file, build: build + 1)
        defer { if next == nil || current !== next { copy?.remove() } }
        do {
            let subject = SessionSubject(try startSession(entry, copy?.path ?? entry.file, interrupt))
            next = subject
            subject.interrupt = interrupt
            // To the present first, so what is replayed starts now, not at the timeline's 0.
            try subject.advance(to: time)
            let refreshing = replay(into: subject, at: time)
            try subject.advance(to: time)
            swap(to: subject, snapshot: copy, replayedRefresh: refreshing)
            return true
        } catch let stop as PreviewStop {
            next?.close()
            guard case let .failed(why) = stop else { throw stop }
            onEvent(.failed(why, kept: build))
        } catch {
            next?.close()
            onEvent(.failed("\(error)", kept: build))
        }
        return false
    }

    /// The finger and the refresh as the current build has them, as input to
    /// `subject`; whether a refresh was started.
    private func replay(into subject: SessionSubject, at time: Double) -> Bool {
        if current.isTouching {
            subject.touchDown(x: finger.x)
            subject.moveFinger(to: finger.translation, arrivingAt: finger.arriving.flatMap { $0 > time ? $0 : nil },
                               x: finger.x)
        }
        guard current.state == .refreshing else { return false }
        _ = subject.beginRefreshing()
        return true
    }

    private func swap(to subject: SessionSubject, snapshot copy: PluginSnapshot?, replayedRefresh: Bool) {
        let old = current
        retiredRefreshes += old.refreshes - (replayedRefresh ? 1 : 0)
        retiredCycles += old.totalCycles
        retiredProblems += old.problems.prefix(max(0, problemLimit - retiredProblems.count))
        current = subject
        build += 1
        old.close()
        snapshot?.remove()
        snapshot = copy
        onEvent(.reloaded(subject.summary, build: build))
    }

    /// Stops the current worker and removes its copy of the file.
    public func close() {
        current.close()
        snapshot?.remove()
    }
}
