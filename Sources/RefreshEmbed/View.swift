import RefreshEmbedABI
import RefreshDiscovery
import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime
import RefreshSession

/// rhe_view_t: one running style for one scrollable. Every call that takes a
/// time moves the session there, applies the input, takes the frame, and
/// tells the application what happened; after the style fails, a fallback
/// controller (the host's own, a style that draws nothing) takes over.
final class EmbedView {
    let host: EmbedHost
    private(set) var options: ViewOptions
    let descriptor: StyleDescriptor
    /// The plugin file the style comes from.
    let file: String
    /// The handle the application holds (the events' first argument).
    var handle: OpaquePointer?
    private var session: (any StyleSession)?
    private var fallback: Fallback?
    /// Why the style failed, once it has.
    private(set) var failure: String?
    /// The caller's time of the session's 0 (moved on past long gaps, see `maxGap`).
    private var origin: Double
    /// The caller's time of the last call.
    private(set) var lastTime: Double
    private(set) var frame: SessionFrame
    /// Whether `frame` has the header's layers: every call takes them with its
    /// frame, so an advance or a draw at the same time after an input needs no
    /// second trip to a worker (one round trip a frame).
    private var layersFresh = true
    private(set) var gesture = GestureTrack()
    /// Inside this view's event callback: what it asked for waits until the outer call returns.
    private(set) var dispatching = false
    private var queued: [SessionInput] = []
    var freeRequested = false
    private var styleInfo: StyleInfo?
    private let pool = CStrings()

    /// The most session time one call moves: a longer gap (a suspended app)
    /// counts as this long, so a refresh left running does not replay hours of cycles.
    static let maxGap = 10.0

    init(host: EmbedHost, style name: String, options: ViewOptions, time: Double) throws(EmbedError) {
        let entry: PluginEntry
        do { entry = try host.registry.lookup(name) } catch { throw EmbedError(RHE_ERR_NOT_FOUND, error.description) }
        guard let descriptor = entry.descriptor else { throw EmbedError(RHE_ERR_NOT_FOUND, "\(name): no style descriptor") }
        if options.settings.run.edge == .bottom, !descriptor.metrics.supportsFooter {
            throw .invalid("\(descriptor.id) is not a footer style (it does not declare RH_STYLE_FOOTER); use RHE_EDGE_TOP")
        }
        self.host = host
        self.options = options
        self.descriptor = descriptor
        file = entry.file
        origin = time
        lastTime = time
        let opener = SessionOpener(workerExecutable: host.workerExecutable)
        let session: any StyleSession
        do {
            session = try opener.open(file: entry.file, style: descriptor.id, settings: options.settings)
            frame = try session.advance(to: 0, withLayers: true)
        } catch {
            throw Self.status(of: error)
        }
        self.session = session
        forwardLogs(frame.events)
    }

    /// The frame of `time`, after the input `build` makes from the gesture so far.
    func call(_ time: Double, _ build: (inout GestureTrack) -> [SessionInput]) {
        let before = gesture
        let inputs = build(&gesture)
        perform(time, inputs, gestureBefore: before)
        // What the callbacks asked for, in order, at the same time; it may cause more events and more requests.
        while !queued.isEmpty, !freeRequested {
            let requests = queued
            queued = []
            perform(lastTime, requests, gestureBefore: gesture)
        }
    }

    /// The frame of `time` with no input: the current one when the last call
    /// was at `time` and took its layers (an input just before the frame's
    /// advance), else the style's, asked for.
    func advance(to time: Double) {
        if time == lastTime, layersFresh, queued.isEmpty { return }
        call(time) { _ in [] }
    }

    /// begin or end refresh: applied now, or when the outer call returns if made from a callback.
    func request(_ input: SessionInput, at time: Double) -> rhe_status_t {
        if case let .endRefreshing(result) = input, [.refreshing, .exiting].contains(frame.state) {
            gesture.endAsked = true
            gesture.result = result
        }
        if dispatching {
            queued.append(input)
            return .queued
        }
        call(time) { _ in [input] }
        return .ok
    }

    /// A new viewport and scale: the style's new instance (or the fallback's
    /// controller) at `time`, put back where the old one was by replaying the
    /// gesture and the refresh; those events are not told, but for one state
    /// change if the view did not end up in the state it was in.
    func resize(width: Double, height: Double, scale: Double, at time: Double) {
        var settings = options.settings
        (settings.width, settings.height, settings.pixelScale) = (width, height, scale)
        guard settings != options.settings else { return }
        // Up to `time` at the old size first, its events told as any call's.
        advance(to: time)
        guard !freeRequested else { return }
        options.settings = settings
        styleInfo = nil
        let before = frame.state
        let t = sessionTime(time)
        let replay = gesture.replay(from: before)
        var failedNow: String?
        let next: SessionFrame
        if fallback != nil {
            fallback?.close()
            fallback = nil
            next = startFallback(at: t, inputs: [], gestureBefore: gesture)
        } else if let session {
            do {
                try session.resize(width: width, height: height, pixelScale: scale)
                for input in replay { session.send(input) }
                next = try session.advance(to: t, withLayers: true)
            } catch {
                failedNow = error.description
                next = takeOver(after: error, at: t, inputs: [], gestureBefore: gesture)
            }
        } else {
            return  // freed
        }
        let changed = next.state == before ? [] : [SessionEvent(time: t, event: .stateChanged(from: before, to: next.state))]
        adopt(next, at: time, events: changed, failed: failedNow)
    }

    /// The header's layers for the current frame, fetched if the last call took none.
    func layersForDrawing() -> [LayerSnapshot]? {
        guard failure == nil else { return nil }
        if !layersFresh { perform(lastTime, [], gestureBefore: gesture) }
        return failure == nil ? frame.layers : nil
    }

    /// The style as the view runs it; its strings live as long as the view.
    var style: StyleInfo {
        if let styleInfo { return styleInfo }
        let environment = session?.style.environment ?? fallback?.controller.environment
            ?? options.settings.run.environment(for: descriptor.metrics, width: options.settings.width, height: options.settings.height)
        let info = StyleInfo(running: environment, descriptor: descriptor, file: file, pool: pool)
        styleInfo = info
        return info
    }

    /// Checks a caller's time against the view's clock.
    func check(time: Double) throws(EmbedError) {
        guard time.isFinite else { throw .range("time \(time) is not a finite number of seconds") }
        guard time >= lastTime else {
            throw EmbedError(RHE_ERR_TIME_BACKWARDS, "time \(time) is earlier than the view's last time \(lastTime)")
        }
    }

    /// The session's time for the caller's `time`, long gaps shortened.
    private func sessionTime(_ time: Double) -> Double {
        if time - lastTime > Self.maxGap { origin += time - lastTime - Self.maxGap }
        return max(0, time - origin)
    }

    private func perform(_ time: Double, _ inputs: [SessionInput], gestureBefore: GestureTrack) {
        let t = sessionTime(time)
        var failedNow: String?
        let next: SessionFrame
        if let fallback {
            next = fallback.advance(to: t, inputs: inputs)
        } else if let session {
            do {
                if !inputs.isEmpty {
                    try session.step(to: t)
                    for input in inputs { session.send(input) }
                }
                next = try session.advance(to: t, withLayers: true)
            } catch {
                failedNow = error.description
                next = takeOver(after: error, at: t, inputs: inputs, gestureBefore: gestureBefore)
            }
        } else {
            return  // freed
        }
        adopt(next, at: time, events: next.events, failed: failedNow)
    }

    /// The frame a call ended with becomes the view's, then its events go out.
    private func adopt(_ next: SessionFrame, at time: Double, events: [SessionEvent], failed: String?) {
        lastTime = time
        frame = next
        layersFresh = failure == nil
        gesture.saw(next.state)
        dispatch(events, failed: failed)
    }

    /// The style failed: the fallback takes over where the session was, and gets this call's input.
    private func takeOver(after error: SessionFailure, at t: Double, inputs: [SessionInput], gestureBefore: GestureTrack) -> SessionFrame {
        failure = error.description
        session?.close()
        session = nil
        return startFallback(at: t, inputs: inputs, gestureBefore: gestureBefore)
    }

    /// The fallback controller at `t` where the view was, given `inputs`.
    private func startFallback(at t: Double, inputs: [SessionInput], gestureBefore: GestureTrack) -> SessionFrame {
        styleInfo = nil
        do {
            let fallback = try Fallback(metrics: descriptor.metrics, settings: options.settings, time: t, gesture: gestureBefore,
                                        lastState: frame.state)
            self.fallback = fallback
            return fallback.advance(to: t, inputs: inputs)
        } catch {
            // The blank style cannot refuse its setup; if the controller still could, the view stands still.
            host.log(.error, "\(descriptor.id): no fallback after the style failed: \(error)")
            var still = frame
            still.layers = []
            still.events = []
            return still
        }
    }

    private func dispatch(_ events: [SessionEvent], failed: String?) {
        dispatching = true
        defer { dispatching = false }
        host.dispatching += 1
        defer { host.dispatching -= 1 }
        if let failed { EventOut.failed(failed, at: lastTime, to: self) }
        for event in events {
            guard !freeRequested else { return }
            switch event.kind {
            case let .log(entry): host.log(entry.level, entry.description)
            case let .refresh(refresh): EventOut.send(refresh, at: event.time + origin, to: self)
            case .call: break
            }
        }
    }

    private func forwardLogs(_ events: [SessionEvent]) {
        for case let .log(entry) in events.map(\.kind) { host.log(entry.level, entry.description) }
    }

    /// Ends the style and its worker.
    func close() {
        session?.close()
        session = nil
        fallback?.close()
        fallback = nil
    }

    private static func status(of failure: SessionFailure) -> EmbedError {
        switch failure {
        case .reported(.notFound, let line): EmbedError(RHE_ERR_NOT_FOUND, line)
        case .reported(.request, let line): .invalid(line)
        default: EmbedError(RHE_ERR_STYLE, failure.description)
        }
    }
}
