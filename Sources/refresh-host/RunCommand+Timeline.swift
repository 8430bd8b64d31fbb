import RefreshOutput
import RefreshConsole
import RefreshHostController
import RefreshSession
import RefreshTimeline

/// `run` without the live preview: the timeline on the virtual clock. The
/// style runs in a session (a worker unless --in-process); each event, log
/// line and traced call is printed as it arrives, so a crash loses nothing
/// printed before it.
extension RunCommand {
    /// Where the timeline goes: stdout, unless the frames' JSON lines go there
    /// (`--frames-json -`), which must stay one JSON object per line.
    var timeline: (String) throws -> Void {
        framesJSON == "-" ? { StandardError.write(line: $0) } : { try StandardOutput.write(line: $0) }
    }

    func runTimeline() throws {
        let entry = try plugins.resolve(style)
        guard let d = entry.descriptor else { throw CLIError.plugin("\(entry.file): the plugin offers no style '\(style)'") }
        try environment.check(d)
        try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name)
        let dump = try framesJSON.map { try LineFile(path: $0, option: "--frames-json") }
        // A write that fails (a full disk, a reader gone) ends the run at the next frame.
        var failedWrite: (any Error)?
        let write = timeline
        let printer = TimelinePrinter { line in
            guard failedWrite == nil else { return }
            do { try write(line) } catch { failedWrite = error }
        }
        let gesture = scenario.gesture
        let viewport = scenario.viewport
        printer.header(d.name, id: d.id, version: d.version, file: entry.file)
        printer.gesture(gesture, height: d.metrics.triggerDistance, programmatic: scenario.programmatic)
        printer.clock(fps: fps, width: viewport.width, height: viewport.height, styleHeight: d.metrics.height)

        var settings = environment.sessionSettings
        settings.width = viewport.width
        settings.height = viewport.height
        settings.exitDeadline = scenario.exitDeadline
        settings.reports = trace ? [.log, .calls] : [.log]
        isolation.apply(to: &settings)
        let session: any StyleSession
        do {
            session = try SessionOpener().open(file: entry.file, style: d.id, settings: settings,
                                               observer: SessionObserver(onEvent: printer.print))
        } catch {
            SessionOutput.report(nil)
            throw error
        }
        SessionOutput.started(session, budget: settings.budget)
        // --verbose: what the plugin printed, whether the run finished or failed.
        defer { SessionOutput.report(session) }
        let run = ScriptedRun(gesture: gesture, fps: fps, exitDeadline: scenario.exitDeadline)
        let last = try run.run(session, withLayers: frames || dump != nil) { number, frame in
            if let failedWrite { throw failedWrite }
            if frames { printer.frame(number, frame) }
            try dump?.append(FrameDump.line(number, frame))
        }
        // The instance ends before the summary: what its destroy does is part of the run.
        let calls = try session.finish()
        if let failedWrite { throw failedWrite }
        try dump?.commit()
        printer.summary(last, problems: session.problems.count)
        if trace { printer.statistics(calls) }
        if let failedWrite { throw failedWrite }
    }
}
