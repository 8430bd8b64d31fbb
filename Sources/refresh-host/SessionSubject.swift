import RefreshHostController
import RefreshLayers
import RefreshSession
import RefreshTerminal

/// What the live preview drives: a style session (in a worker, or in this
/// process with --in-process). Input is queued and goes with the next
/// `advance`; while a worker is waited for, `interrupt` is asked every few
/// milliseconds whether the user quit, so q and Ctrl-C work whatever the plugin does.
final class SessionSubject: PreviewSubject {
    let session: any StyleSession
    var summary: StyleSummary { session.style }
    /// The last frame shown.
    private(set) var frame: SessionFrame?
    var problems: [String] { session.problems }
    /// Refreshes seen start (a refresh lasts at least a cycle, so no frame misses one).
    private(set) var refreshes = 0
    /// How the preview must end if the user asked while we waited; nil: keep waiting.
    var interrupt: () -> LivePreview.Ending? = { nil }
    /// The last haptic or announcement, and its time.
    private(set) var lastCue: (text: String, time: Double)?
    private var touching = false

    init(_ session: any StyleSession) {
        self.session = session
    }

    var now: Double { frame?.time ?? 0 }
    var isTouching: Bool { touching }
    var state: RefreshState { frame?.state ?? .idle }
    var pullRatio: Double { min(frame?.pull ?? 0, summary.triggerDistance) / summary.triggerDistance }
    var cycle: Int { frame?.cycle ?? 0 }
    var totalCycles: Int { frame?.totalCycles ?? 0 }
    var layers: [LayerSnapshot] { frame?.layers ?? [] }
    var pullDistance: Double { frame?.pull ?? 0 }

    func touchDown(x: Double?) {
        touching = true
        session.send(.touchDown(x: x))
    }

    func moveFinger(to translation: Double, arrivingAt time: Double?, x: Double?) {
        session.send(.moveFinger(translation: translation, arriving: time, x: x))
    }

    func release() {
        touching = false
        session.send(.release)
    }

    func beginRefreshing() -> Bool {
        session.send(.beginRefreshing)
        return true
    }

    func endRefreshing(_ result: RefreshResult.Kind) -> Bool {
        session.send(.endRefreshing(RefreshResult(result)))
        return true
    }

    func advance(to time: Double) throws {
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

    func close() { session.close() }
}
