import ArgumentParser
import RefreshRender
import RefreshSession

/// Frame rate and device scale: shared by `render` and `gallery`.
struct FrameOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second (a GIF plays at most 50).", valueName: "n")) var fps = 30.0
    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per point: 1, 2 or 3.", valueName: "n")) var scale = 2

    /// Checked in run(), not validate(): a bad value is one line and exit status 1, without the usage text.
    func check(for format: ExportFormat) throws {
        if !(fps.isFinite && fps >= 1 && fps <= 120) { throw CLIError.usage("--fps \(fps): must be between 1 and 120") }
        if format == .gif, fps > ExportFormat.gifMaxFPS {
            throw CLIError.usage("--fps \(fps): a GIF plays at most \(Int(ExportFormat.gifMaxFPS)) frames per second")
        }
        if ![1, 2, 3].contains(scale) { throw CLIError.usage("--scale \(scale): must be 1, 2 or 3") }
    }

    /// The same options as command-line arguments, for a child `refresh-host`.
    var arguments: [String] { ["--fps", "\(fps)", "--scale", "\(scale)"] }

    /// What to record: the scenario's gesture and viewport at this frame rate and scale.
    func recording(_ scenario: GestureOptions) -> RecordingOptions {
        var options = RecordingOptions()
        options.gesture = scenario.gesture
        options.fps = fps
        options.exitDeadline = scenario.exitDeadline
        options.width = scenario.viewport.width
        options.height = scenario.viewport.height
        options.scale = Double(scale)
        return options
    }
}
