import RefreshConsole
import RefreshLive
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshRender
import RefreshTerminal
import RefreshSession

#if canImport(Glibc)
import Glibc
#endif

/// `run` in a terminal: the style plays live on the monotonic clock, drawn
/// by the renderer into the terminal's half-block cells, until `q`. The
/// style runs in a worker; this process owns the terminal, draws the frames
/// the worker sends, and answers q, Ctrl-C, SIGTERM and SIGHUP whatever the
/// plugin is doing.
extension RunCommand {
    /// Live only on a terminal, and not when the timeline was asked for.
    var wantsLive: Bool {
        !noLive && !trace && !frames && framesJSON == nil && TerminalSession.isTerminal(STDOUT_FILENO)
    }

    func runLive() throws {
        let viewport = scenario.viewport
        // Before the terminal session: see SessionRecorder.init.
        let recorder: SessionRecorder?
        recorder = try record.map {
            try SessionRecorder(path: $0, viewportWidth: viewport.width, viewportHeight: viewport.height)
        }
        let subject: PreviewSubject
        let name: String
        var cleanup: () -> Void = {}
        var problems: () -> [String] = { [] }
        var refreshes: () -> Int = { 0 }
        var cue: () -> (text: String, time: Double)? = { nil }
        var reloading: ReloadingSubject?
        var notices: LiveNotices?
        let entry = try plugins.resolve(style)
        // Under --watch the worker runs a copy, so the file may be rewritten in place.
        let snapshot = watch ? PluginSnapshot(of: entry.file, build: 1) : nil
        let live: SessionSubject
        do {
            live = SessionSubject(try startLiveSession(entry, file: snapshot?.path))
        } catch {
            snapshot?.remove()
            throw error
        }
        name = live.summary.name
        if watch {
            let file = plugins.search.watchedFile(entry)
            let reloader = ReloadingSubject(live, snapshot: snapshot, path: file, scanOptions: plugins.search.scanOptions,
                                            now: 0, startSession: { try startLiveSession($0, file: $1, interrupt: $2) })
            reloading = reloader
            notices = LiveNotices(file: file)
            subject = reloader
            cue = { reloader.lastCue }
            cleanup = { reloader.close() }
            problems = { reloader.problems }
            refreshes = { reloader.refreshes }
        } else {
            subject = live
            cue = { live.lastCue }
            cleanup = { live.close() }
            problems = { live.problems }
            refreshes = { live.refreshes }
        }
        defer { cleanup() }

        // One renderer per scale: a resize that changes the scale makes a new one.
        var renderer: FrameRenderer?
        let preview = LivePreview(controller: subject, styleName: name, viewportWidth: viewport.width,
                                  viewportHeight: viewport.height) { scale in
            if renderer?.scale != scale {
                renderer = FrameRenderer(viewportWidth: viewport.width, viewportHeight: viewport.height, scale: scale,
                                         appearance: environment.dark ? .dark : .light)
            }
            let bitmap = renderer!.render(layers: subject.layers, pull: subject.pullDistance)
            return PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
        }
        preview.fps = fps
        preview.cue = cue
        preview.input.pullsUp = environment.settings.edge == .bottom
        // NO_COLOR, TERM=dumb or --color never: the preview draws in characters instead of colours.
        if !Console.current.stdoutColor.enabled { preview.colorMode = .monochrome }
        if let recorder {
            notices = notices ?? LiveNotices(file: "")
            notices?.recorder = recorder
            record(preview, into: recorder, viewport: viewport)
        }
        if let notices {
            preview.notice = { notices.text }
            reloading?.onEvent = { [unowned preview] event in
                notices.note(event)
                if case let .reloaded(summary, _) = event { preview.styleName = summary.name }
            }
        }

        let session: TerminalSession
        do {
            session = try TerminalSession(name: name)
        } catch {
            throw CLIError("run: \(error)")
        }
        let interrupt = { preview.pollForQuit(session) }
        (subject as? SessionSubject)?.interrupt = interrupt
        reloading?.interrupt = interrupt
        let clock = MonotonicClock()
        let ending = preview.run(on: session, clock: clock)
        let end = clock.now
        session.restore()
        cleanup()
        cleanup = {}
        if let line = notices?.exitLine { writeStandardError(line) }
        // The recording is written whatever ended the session, then the session ends as it must.
        var recorded: Result<String, Error>?
        if let recorder {
            recorded = Result {
                try recorder.finish(at: end) { writeStandardError("writing \(recorder.path): \($0) frame(s) still to encode...") }
            }
        }
        switch recorded {
        case let .success(line)?: writeStandardError(line)
        case let .failure(error)?: if case .quit = ending { throw error } else { writeStandardError("Error: \(error)") }
        case nil: break
        }
        switch ending {
        case let .signal(number): TerminalSession.reraise(number)
        case let .failed(why): throw CLIError.plugin(why)
        case .quit: break
        }

        print("\(preview.styleName): \(refreshes()) refresh(es), \(subject.totalCycles) cycle(s)")
        // What the host had to say could not be shown on the live screen.
        let said = problems()
        for line in said.prefix(10) { print("  \(line)") }
        if said.count > 10 { print("  ... and \(said.count - 10) more") }
    }

    /// Hands every frame the preview shows to `recorder`, with the finger where the input put it.
    private func record(_ preview: LivePreview, into recorder: SessionRecorder, viewport: Viewport) {
        var trace = FingerTrace(viewportWidth: viewport.width, viewportHeight: viewport.height)
        let subject = preview.controller
        preview.onInput = { event, layout in trace.observe(event, layout: layout, touching: subject.isTouching) }
        preview.onFrame = { [unowned preview] report in
            recorder.add(time: report.time, layers: subject.layers, pull: subject.pullDistance,
                         finger: trace.point(touching: subject.isTouching, translation: preview.input.translation))
        }
    }

}

extension RunCommand {
    /// The live preview's pixels per point in this terminal as it is now (a
    /// half-block cell is two pixels), as the preview lays out the viewport;
    /// 1 when the terminal does not say. The instance keeps it for its life:
    /// a resize changes the preview's scale, not the instance's.
    func livePixelScale() -> Double {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0,
              let layout = Layout(columns: Int(size.ws_col), rows: Int(size.ws_row),
                                  viewportWidth: scenario.viewport.width, viewportHeight: scenario.viewport.height)
        else { return 1 }
        return layout.scale
    }
}
