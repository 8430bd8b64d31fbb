import RefreshHostController
import RefreshOutput
import RefreshPluginRuntime
import RefreshSession

/// `run` without the live preview: one scripted run on the virtual clock,
/// told as a timeline. Each event, log line and traced call is written as it
/// arrives, so a crash loses nothing written before it; a write that fails (a
/// full disk, a reader gone) ends the run at the next frame.
public struct TimelineRun {
    public var gesture: Gesture
    /// The refresh starts without a pull (the gesture says so too; the header says it once).
    public var programmatic: Bool
    public var fps: Double
    /// The viewport, the exit deadline and the environment; the reports follow `trace`.
    public var settings: SessionSettings
    /// Every call into the plugin, and the call statistics at the end.
    public var trace = false
    /// A summary of the layers at every frame.
    public var frames = false

    public init(gesture: Gesture, programmatic: Bool, fps: Double, settings: SessionSettings) {
        (self.gesture, self.programmatic, self.fps, self.settings) = (gesture, programmatic, fps, settings)
    }

    /// Runs `d` from `file` in the session `open` opens with the observer it is given; the
    /// timeline's lines go to `write`, each frame's JSON line to `dump` (committed at the end).
    public func run(_ d: StyleDescriptor, file: String, write: @escaping (String) throws -> Void, dump: LineFile?,
                    open: (_ settings: SessionSettings, _ observer: SessionObserver) throws -> any StyleSession) throws {
        var failedWrite: (any Error)?
        let printer = TimelinePrinter { line in
            guard failedWrite == nil else { return }
            do { try write(line) } catch { failedWrite = error }
        }
        printer.header(d.name, id: d.id, version: d.version, file: file)
        printer.gesture(gesture, height: d.metrics.triggerDistance, programmatic: programmatic)
        printer.clock(fps: fps, width: settings.width, height: settings.height, styleHeight: d.metrics.height)
        var settings = settings
        settings.reports = trace ? [.log, .calls] : [.log]
        let session = try open(settings, SessionObserver(onEvent: printer.print))
        let run = ScriptedRun(gesture: gesture, fps: fps, exitDeadline: settings.exitDeadline)
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
