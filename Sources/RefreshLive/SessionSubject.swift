import RefreshHostController
import RefreshLayers
import RefreshSession
import RefreshTerminal

/// What the live preview drives: a style session (in a worker, or in this
/// process with --in-process). Input is queued and goes with the next
/// `advance`; while a worker is waited for, `interrupt` is asked every few
/// milliseconds whether the user quit, so q and Ctrl-C work whatever the plugin does.
public final class SessionSubject: PreviewSubject {
    public let session: any StyleSession
    public var summary: StyleSummary { session.style }
    /// The last frame shown.
    public private(set) var frame: SessionFrame?
    public var problems: [String] { session.problems }
    /// Refreshes seen start (a refresh lasts at least a cycle, so no frame misses one).
    public private(set) var refreshes = 0
    /// How the preview must end if the user asked while we waited; nil: keep waiting.
    public var interrupt: () -> LivePreview.Ending? = { nil }
    /// The last haptic or announcement, and its time.
    public private(set) var lastCue: (text: String, time: Double)?
    private var touching = false

    public init(_ session: any StyleSession) {
        self.session = session
    }

    public var now: Double { frame?.time ?? 0 }
    public var isTouching: Bool { touching }
    public var state: RefreshState { frame?.state ?? .idle }
    public var pullRatio: Double { min(frame?.pull ?? 0, summary.triggerDistance) / summary.triggerDistance }
    public var cycle: Int { frame?.cycle ?? 0 }
    public var totalCycles: Int { frame?.totalCycles ?? 0 }
    public var layers: [LayerSnapshot] { frame?.layers ?? [] }
    public var pullDistance: Double { frame?.pull ?? 0 }

    public func touchDown(x: Double?) {
        touching = true
        session.send(.touchDown(x: x))
    }

    public func moveFinger(to translation: Double, arrivingAt time: Double?, x: Double?) {
        session.send(.moveFinger(translation: translation, arriving: time, x: x))
    }

    public func release() {
        touching = false
        session.send(.release)
    }

    public func beginRefreshing() -> Bool {
        session.send(.beginRefreshing)
        return true
    }

    public func endRefreshing(_ result: RefreshResult.Kind) -> Bool {
        session.send(.endRefreshing(RefreshResult(result)))
        return true
    }

    public func advance(to time: Double) throws {
        var asked: LivePreview.Ending?
        (session as? WorkerSession)?.interrupt = { [interrupt] in
            asked = asked ?? interrupt()
            return asked != nil
        }
        do {
            let next = try session.advance(to: time)
            if next.state == .refreshing, frame?.state != .refreshing { refreshes += 1 }
            if let said = next.events.last(where: { $0.event?.cue != nil }), let cue = said.event?.cue {
                lastCue = (cue, said.time)
            }
            frame = next
            touching = next.isTouching
        } catch {
            if error.isInterruption { throw PreviewStop.ended(asked ?? .quit) }
            throw PreviewStop.failed(error.description)
        }
    }

    public func close() { session.close() }
}
