import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender
import RefreshTerminal
import RefreshWorker

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
        let recorder = try record.map {
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
        if isolation.inProcess {
            let registry = try plugins.registry()
            let log = HostLog()
            let (animator, controller) = try makeController(registry, log: log, pixelScale: livePixelScale())
            name = animator.descriptor.name
            var count = 0
            var lastCue: (text: String, time: Double)?
            controller.addObserver { time, event in
                if case .didStart = event { count += 1 }
                if let cue = event.cue { lastCue = (cue, time) }
            }
            cue = { lastCue }
            subject = controller
            cleanup = { controller.destroy(); registry.close() }
            problems = { log.entries.filter { $0.kind != .plugin && $0.level >= .warning }.map(\.description) }
            refreshes = { count }
        } else {
            let entry = try plugins.resolve(style)
            // Under --watch the worker runs a copy, so the file may be rewritten in place.
            let snapshot = watch ? PluginSnapshot(of: entry.file, build: 1) : nil
            let remote: RemoteSubject
            do {
                remote = try RemoteSubject(startLiveWorker(entry, file: snapshot?.path))
            } catch {
                snapshot?.remove()
                throw error
            }
            name = remote.summary.name
            if watch {
                let file = watchedFile(entry)
                let reloader = ReloadingSubject(remote, snapshot: snapshot, path: file, scanOptions: reloadScanOptions,
                                                now: 0, startWorker: { try startLiveWorker($0, file: $1) })
                reloading = reloader
                notices = LiveNotices(file: file)
                subject = reloader
                cue = { reloader.lastCue }
                cleanup = { reloader.close() }
                problems = { reloader.problems }
                refreshes = { reloader.refreshes }
            } else {
                subject = remote
                cue = { remote.lastCue }
                cleanup = { remote.worker.connection.close() }
                problems = { remote.problems }
                refreshes = { remote.refreshes }
            }
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
        (subject as? RemoteSubject)?.interrupt = interrupt
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

    /// The worker of the live preview: runs the style, applies the input the
    /// supervisor sends, and answers each `advance` with the frame.
    func runLiveWorker(file: String) -> Never {
        WorkerSide.run {
            let registry = PluginRegistry(directories: [SearchDirectory(file, .option)])
            let log = HostLog()
            let (animator, controller) = try makeController(registry, log: log)
            let d = animator.descriptor
            WorkerSide.send(.hello(StyleSummary(id: d.id, name: d.name, version: d.version, file: file,
                                                triggerDistance: d.metrics.triggerDistance)))
            // What the user felt or heard between two frames goes with the next one.
            var cues: [String] = []
            controller.addObserver { _, event in if let cue = event.cue { cues.append(cue) } }
            log.onEntry = { entry in
                if entry.isProblem { WorkerSide.send(.problem(entry.problemLine)) }
            }
            while let bytes = WorkerSide.channel.receive() {
                for command in try LiveCommand.decode(bytes) {
                    switch command {
                    case let .touchDown(x): controller.touchDown(x: x)
                    case let .moveFinger(translation, arriving, x):
                        controller.moveFinger(to: translation, arrivingAt: arriving, x: x)
                    case .release: controller.release()
                    case .beginRefreshing: controller.beginRefreshing()
                    case let .endRefreshing(kind): controller.endRefreshing(result: RefreshResult(kind))
                    case let .advance(time):
                        controller.advance(to: time)
                        var frame = SceneFrame(controller)
                        frame.cues = Array(cues.suffix(SceneFrame.maxCues))
                        cues = []
                        WorkerSide.send(.frame(frame))
                    }
                }
            }
            controller.destroy()
            registry.close()
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

    /// The style's instance and its controller in the scenario's viewport, set up; one line on failure.
    /// `pixelScale` is what pixel_scale tells the style (a timeline has no pixels: 1).
    func makeController(_ registry: PluginRegistry, log: HostLog, pixelScale: Double? = nil)
        throws -> (PluginAnimator, RefreshController)
    {
        let viewport = scenario.viewport
        let tree = LayerTree(timeline: Timeline())
        do {
            let animator = try registry.makeAnimator(style, tree: tree, log: log,
                                                     pixelScale: pixelScale ?? pixelScaleOption ?? 1,
                                                     parameters: try environment.parameters(registry, style: style))
            let controller = try RefreshController(animator: animator, tree: tree, viewportWidth: viewport.width,
                                                   viewportHeight: viewport.height, settings: environment.settings)
            controller.exitDeadline = scenario.exitDeadline
            return (animator, controller)
        } catch {
            throw CLIError.plugin("\(error)")
        }
    }
}
