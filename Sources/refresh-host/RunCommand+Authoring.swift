import ArgumentParser
import RefreshLive
import RefreshDiscovery
import RefreshSession
import RefreshTerminal
import RefreshRender

#if canImport(Glibc)
import Glibc
#endif

/// `run --watch` and `run --record`: what they accept, and the pieces of the
/// live command they need (where the plugin file is, how to scan it again).
extension RunCommand {
    /// Both options belong to the live preview: elsewhere they are usage errors.
    func checkLiveOptions() throws {
        if let record, ExportFormat(path: record)?.isAnimated != true {
            throw ValidationError("--record \(record): unknown format; use .gif or .webp")
        }
        if let record {
            // The recording is drawn at its own scale from the viewport.
            let size = scenario.request.sizeText
            try PixelBudget.check("--record \(record) --size \(size) (drawn at scale \(Int(SessionRecorder.scale)))",
                                  size: size, scale: SessionRecorder.scale)
        }
        guard watch || record != nil else { return }
        let option = record.map { "--record \($0)" } ?? "--watch"
        let why: String? =
            noLive ? "--no-live asks for the timeline"
            : trace ? "--trace prints the timeline"
            : frames || framesJSON != nil ? "--frames prints the timeline"
            : !TerminalSession.isTerminal(STDOUT_FILENO) ? "stdout is not a terminal" : nil
        if let why { throw ValidationError("\(option): only for the live preview, and \(why)") }
        if watch, isolation.inProcess {
            throw ValidationError("--watch: not with --in-process (a rebuilt library cannot be loaded again into this process)")
        }
    }

    /// The worker for `entry`'s style in the live preview, loading `file`
    /// (default: the entry's; under --watch, a copy of it). Failures name the entry's file.
    func startLiveSession(_ entry: PluginEntry, file: String? = nil,
                          interrupt: @escaping () -> LivePreview.Ending? = { nil }) throws -> any StyleSession {
        var settings = environment.request.sessionSettings
        settings.width = scenario.viewport.width
        settings.height = scenario.viewport.height
        settings.exitDeadline = scenario.exitDeadline
        // The instance keeps it for its life: a resize changes the preview's scale, not the instance's.
        settings.pixelScale = Layout.currentScale(viewportWidth: scenario.viewport.width, viewportHeight: scenario.viewport.height)
        isolation.apply(to: &settings)
        var asked: LivePreview.Ending?
        do {
            let session = try SessionOpener().open(file: file ?? entry.file, style: entry.descriptor?.id ?? style,
                                                   settings: settings) {
                asked = asked ?? interrupt()
                return asked != nil
            }
            SessionOutput.started(session, budget: settings.budget)
            return session
        } catch {
            if error.isInterruption { throw PreviewStop.ended(asked ?? .quit) }
            throw error
        }
    }
}
