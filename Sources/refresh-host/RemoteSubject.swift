import RefreshHostController
import RefreshIsolation
import RefreshLayers
import RefreshTerminal
import RefreshWorker

/// The live preview's view of a style that runs in a worker. Input is
/// queued and sent with the next `advance`, which waits for the worker's
/// frame; while it waits, `interrupt` is asked every few milliseconds
/// whether the user quit, so q and Ctrl-C work whatever the plugin does.
final class RemoteSubject: PreviewSubject {
    let worker: StyleWorker
    let summary: StyleSummary
    /// The last frame the worker sent.
    private(set) var frame: SceneFrame?
    private(set) var problems: [String] = []
    /// Refreshes seen start (a refresh lasts at least a cycle, so no frame misses one).
    private(set) var refreshes = 0
    /// How the preview must end if the user asked while we waited; nil: keep waiting.
    var interrupt: () -> LivePreview.Ending? = { nil }
    private var pending: [LiveCommand] = []
    /// Problems kept: a style that logs one every frame for an hour must not fill the memory.
    static let problemLimit = 1000

    private func note(_ line: String) {
        if problems.count < Self.problemLimit { problems.append(line) }
    }
    private var touching = false

    /// Waits for the worker's hello. `interrupt` as for `advance`: when it asks
    /// the preview to end, this throws `PreviewStop.ended` (a reload under way
    /// must not hold up q or Ctrl-C).
    init(_ worker: StyleWorker, interrupt: @escaping () -> LivePreview.Ending? = { nil }) throws {
        self.worker = worker
        var asked: LivePreview.Ending?
        let stop: () -> Bool = {
            asked = asked ?? interrupt()
            return asked != nil
        }
        do {
            while true {
                switch try worker.next(interrupt: stop) {
                case let .hello(summary):
                    self.summary = summary
                    return
                case let .failed(why, status): throw CLIError(why, worker: status)
                case let .problem(line): if problems.count < Self.problemLimit { problems.append(line) }
                default: continue
                }
            }
        } catch WorkerFailure.interrupted {
            throw PreviewStop.ended(asked ?? .quit)
        }
    }

    var now: Double { frame?.time ?? 0 }
    var isTouching: Bool { touching }
    var state: RefreshState { frame?.state ?? .idle }
    var pullRatio: Double { min(frame?.pull ?? 0, summary.triggerDistance) / summary.triggerDistance }
    /// The last haptic or announcement a frame brought, and its time.
    private(set) var lastCue: (text: String, time: Double)?
    var cycle: Int { frame?.cycle ?? 0 }
    var totalCycles: Int { frame?.totalCycles ?? 0 }
    var layers: [LayerSnapshot] { frame?.layers ?? [] }
    var pullDistance: Double { frame?.pull ?? 0 }

    func touchDown(x: Double?) {
        touching = true
        pending.append(.touchDown(x: x))
    }

    func moveFinger(to translation: Double, arrivingAt time: Double?, x: Double?) {
        pending.append(.moveFinger(translation: translation, arriving: time, x: x))
    }

    func release() {
        touching = false
        pending.append(.release)
    }

    func beginRefreshing() -> Bool {
        pending.append(.beginRefreshing)
        return true
    }

    func endRefreshing(_ result: RefreshResult.Kind) -> Bool {
        pending.append(.endRefreshing(result))
        return true
    }

    func advance(to time: Double) throws {
        var asked: LivePreview.Ending?
        let stop: () -> Bool = { [self] in
            asked = asked ?? interrupt()
            return asked != nil
        }
        do {
            try worker.send(LiveCommand.encode(pending + [.advance(time)]), interrupt: stop)
            pending = []
            while true {
                switch try worker.next(interrupt: stop) {
                case let .frame(next):
                    if next.state == .refreshing, frame?.state != .refreshing { refreshes += 1 }
                    frame = next
                    if let cue = next.cues.last { lastCue = (cue, next.time) }
                    touching = next.isTouching
                    return
                case let .problem(line): note(line)
                case let .failed(why, _): throw PreviewStop.failed(why)
                default: throw PreviewStop.failed(WorkerFailure.malformed("an unexpected message").line(subject: worker.subject))
                }
            }
        } catch WorkerFailure.interrupted {
            throw PreviewStop.ended(asked ?? .quit)
        } catch let error as CLIError {
            throw PreviewStop.failed(error.description)
        }
    }
}
