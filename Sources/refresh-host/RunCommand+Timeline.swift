import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshSession

/// `run` without the live preview: the timeline on the virtual clock.
/// The worker runs the style and sends each line; the supervisor prints it
/// at once, so a crash loses nothing printed before it.
extension RunCommand {
    /// Where the timeline goes: stdout, unless the frames' JSON lines go there
    /// (`--frames-json -`), which must stay one JSON object per line.
    var timeline: (String) throws -> Void {
        framesJSON == "-" ? { StandardError.write(line: $0) } : { try StandardOutput.write(line: $0) }
    }

    func superviseTimeline() throws {
        let entry = try plugins.resolve(style)
        let id = entry.descriptor?.id ?? style
        if let d = entry.descriptor { try environment.check(d); try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name) }
        let dump = try framesJSON.map { try LineFile(path: $0, option: "--frames-json") }
        var arguments = ["run", id, "--no-live"] + isolation.arguments(file: entry.file) + scenarioArguments
        if trace { arguments.append("--trace") }
        if frames { arguments.append("--frames") }
        if framesJSON != nil { arguments += ["--frames-json", "-"] }
        let worker = try StyleWorker(entry, arguments: arguments, budget: isolation.budget)
        // --verbose: what the plugin printed, whether the run finished or failed.
        defer { worker.reportOutput() }
        while true {
            switch try worker.next() {
            case let .line(text): try timeline(text)
            case let .frameJSON(text): try dump?.append(text)
            case let .failed(why, status): throw CLIError(why, worker: status)
            case .done:
                try dump?.commit()
                return
            case .hello, .frameCount, .frame, .problem: continue
            }
        }
    }

    func runTimelineWorker(file: String) -> Never {
        WorkerSide.run {
            let registry = PluginRegistry(directories: [SearchDirectory(file, .option)])
            try runTimeline(registry, emit: { WorkerSide.send(.line($0)) },
                            frameLine: framesJSON == nil ? nil : { WorkerSide.send(.frameJSON($0)) })
        }
    }

    /// `--in-process`: everything here, for debugging a plugin under gdb.
    func runTimelineInProcess() throws {
        let registry = try plugins.registry()
        let dump = try framesJSON.map { try LineFile(path: $0, option: "--frames-json") }
        let timeline = self.timeline
        try runTimeline(registry, emit: { try? timeline($0) },
                        frameLine: dump.map { dump in { try? dump.append($0) } })
        try dump?.commit()
    }

    /// The run itself, wherever it happens: every line of the timeline to
    /// `emit`, every frame's JSON to `frameLine`.
    func runTimeline(_ registry: PluginRegistry, emit: @escaping (String) -> Void,
                     frameLine: ((String) -> Void)?) throws {
        let viewport = scenario.viewport
        let (programmatic, pullDuration, hold, refresh, exitDeadline) =
            (scenario.programmatic, scenario.pullDuration, scenario.hold, scenario.refresh, scenario.exitDeadline)
        // In a worker the supervisor checked this against the catalog's descriptor.
        if isolation.workerFile == nil, let d = try? registry.lookup(style).descriptor {
            try environment.check(d)
            try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name)
        }
        var settings = environment.sessionSettings
        settings.width = viewport.width
        settings.height = viewport.height
        settings.exitDeadline = exitDeadline
        settings.isolation = .inProcess
        let session: LocalSession
        do {
            session = try LocalSession(registry: registry, style: style, settings: settings)
        } catch {
            throw CLIError(error)
        }
        let (animator, controller, tree, log) = (session.animator, session.controller, session.controller.tree, session.log)
        let d = animator.descriptor
        let gesture = scenario.gesture

        let printer = TimelinePrinter(showFrames: frames, emit: emit)
        emit("\(d.name) (\(d.id) \(d.version)) from \(animator.libraryPath)")
        emit(programmatic
            ? "gesture: programmatic start, refresh \(format(refresh, decimals: 2)) s, end"
            : "gesture: pull to \(format(gesture.distance(forHeight: d.metrics.triggerDistance), decimals: 1)) pt over \(format(pullDuration, decimals: 2)) s, hold \(format(hold, decimals: 2)) s, release, refresh \(format(refresh, decimals: 2)) s, end")
        emit("clock: virtual, \(format(fps, decimals: 0)) fps; viewport \(format(viewport.width, decimals: 0)) x \(format(viewport.height, decimals: 0)) pt; style height \(format(d.metrics.height, decimals: 1)) pt")
        emit("")
        session.onLog = { printer.log($0) }
        if trace {
            registry.dispatcher.trace = { printer.call($0, now: tree.timeline.now) }
        }

        controller.addObserver { time, event in printer.event(event, at: time) }
        // What happened since the last frame, for its JSON line.
        var pending: [RefreshEvent] = []
        if frameLine != nil { controller.addObserver { _, event in pending.append(event) } }
        gesture.schedule(on: controller)

        let loop = FrameLoop(fps: fps, clock: VirtualClock())
        let limit = gesture.endTime + exitDeadline + 10
        let end = loop.run(controller, limit: limit, stop: {
            $0.timeline.now > gesture.endTime && $0.isAtRest
        }, onFrame: { frame, time in
            if frames { printer.frame(frame, time: time, controller: controller) }
            frameLine?(FrameDump.line(frame, time: time, controller: controller, events: pending))
            pending = []
        })
        session.close()
        registry.close()

        emit("")
        let states = switch controller.state {
        case .idle: "back to idle"
        case .noMore: "the footer shows no more data"
        default: "still \(controller.state) (stopped at the time limit)"
        }
        emit("done at \(format(end, decimals: 3)) s: \(controller.totalCycles) cycle(s), \(states)")
        let problems = log.entries.filter { $0.kind != .plugin && $0.level >= .warning }
        if !problems.isEmpty { emit("\(problems.count) problem(s) reported by the host (see above)") }
        if trace { printer.statistics(registry.dispatcher) }
    }
}
