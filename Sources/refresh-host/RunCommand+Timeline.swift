import RefreshOutput
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
        try environment.request.check(d)
        try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name)
        let dump = try framesJSON.map { try LineFile(path: $0, option: "--frames-json") }
        var settings = environment.request.sessionSettings
        (settings.width, settings.height) = (scenario.viewport.width, scenario.viewport.height)
        settings.exitDeadline = scenario.exitDeadline
        isolation.apply(to: &settings)
        var run = TimelineRun(gesture: scenario.gesture, programmatic: scenario.programmatic, fps: fps, settings: settings)
        (run.trace, run.frames) = (trace, frames)
        // --verbose: what the plugin printed, whether the run finished or failed.
        var opened: (any StyleSession)?
        defer { SessionOutput.report(opened) }
        try run.run(d, file: entry.file, write: timeline, dump: dump) { settings, observer in
            let session = try SessionOpener().open(file: entry.file, style: d.id, settings: settings, observer: observer)
            SessionOutput.started(session, budget: settings.budget)
            opened = session
            return session
        }
    }
}
