import RefreshConsole
import RefreshLive
import RefreshOutput
import RefreshHostController
import RefreshTerminal
import RefreshSession

#if canImport(Glibc)
import Glibc
import RefreshText
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
        let name = live.summary.name
        if watch {
            let file = plugins.search.watchedFile(entry)
            // A style made from a designer's file reloads when that file changes, not its adapter.
            let source = entry.descriptor?.source
            reloading = ReloadingSubject(live, snapshot: snapshot, path: file, watching: source,
                                         scanOptions: plugins.search.scanOptions,
                                         now: 0, startSession: { try startLiveSession($0, file: $1, interrupt: $2) })
            notices = LiveNotices(file: source ?? file)
        }
        let subject: any LiveSubject = reloading ?? live
        var closed = false
        defer { if !closed { subject.close() } }

        let pixels = PreviewPixels(subject: subject, viewportWidth: viewport.width, viewportHeight: viewport.height,
                                   appearance: environment.dark ? .dark : .light)
        let preview = LivePreview(controller: subject, styleName: name, viewportWidth: viewport.width,
                                  viewportHeight: viewport.height, pixels: pixels.draw)
        preview.fps = fps
        preview.cue = { subject.lastCue }
        preview.input.pullsUp = environment.request.settings.edge == .bottom
        // NO_COLOR, TERM=dumb or --color never: the preview draws in characters instead of colours.
        if !Console.current.stdoutColor.enabled { preview.colorMode = .monochrome }
        if let recorder {
            notices = notices ?? LiveNotices(file: "")
            notices?.recorder = recorder
            recorder.follow(preview, viewportWidth: viewport.width, viewportHeight: viewport.height)
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
        subject.interrupt = { preview.pollForQuit(session) }
        let clock = MonotonicClock()
        let ending = preview.run(on: session, clock: clock)
        let end = clock.now
        session.restore()
        subject.close()
        closed = true
        if let line = notices?.exitLine { StandardError.write(line: line.terminalSafe) }
        // The recording is written whatever ended the session, then the session ends as it must.
        var recorded: Result<String, Error>?
        if let recorder {
            recorded = Result {
                try recorder.finish(at: end) { StandardError.write(line: "writing \(recorder.path): \($0) frame(s) still to encode...".terminalSafe) }
            }
        }
        switch recorded {
        case let .success(line)?: StandardError.write(line: line.terminalSafe)
        case let .failure(error)?: if case .quit = ending { throw error } else { StandardError.write(line: "Error: \(error)".terminalSafe) }
        case nil: break
        }
        switch ending {
        case let .signal(number): TerminalSession.reraise(number)
        case let .failed(why): throw CLIError.plugin(why)
        case .quit: break
        }

        print("\(preview.styleName): \(subject.refreshes) refresh(es), \(subject.totalCycles) cycle(s)".terminalSafe)
        // What the host had to say could not be shown on the live screen.
        let said = subject.problems
        for line in said.prefix(10) { print("  \(line)".terminalSafe) }
        if said.count > 10 { print("  ... and \(said.count - 10) more") }
    }
}
