import ArgumentParser
import RefreshNumbers
import RefreshRender
import RefreshSession

/// Frame rate and device scale of a drawn file: shared by `render` and `gallery`.
struct FrameOptions: ParsableArguments {
    static let scaleRange = NumberRange(lower: 1, upper: 3, whole: true)

    @OptionGroup var frameRate: FrameRateOption
    @Option(name: .customLong("scale"), parsing: .unconditional,
            help: ArgumentHelp("Device pixels per point, \(scaleRange.text).", valueName: "n"))
    var scaleOption = TypedNumber(2)

    func validate() throws {
        try Self.scaleRange.check("--scale", scaleOption)
    }

    /// What only the format decides: a GIF plays at most 50 frames per second.
    func check(for format: ExportFormat) throws {
        if format == .gif, fps > ExportFormat.gifMaxFPS {
            throw ValidationError("--fps \(frameRate.given?.text ?? TypedNumber.plain(fps)): a GIF plays at most "
                + "\(Int(ExportFormat.gifMaxFPS)) frames per second")
        }
    }

    /// Frames per second (valid after `validate()`): as given, else a file's default.
    var fps: Double { frameRate.value(default: FrameRateOption.fileDefault) }
    /// Device pixels per point (valid after `validate()`).
    var scale: Int { Int(scaleOption.value) }

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
