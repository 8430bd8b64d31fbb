import ArgumentParser
import RefreshNumbers

/// `--fps`, shared by run, render and gallery: one range, one check. The
/// default differs on purpose, and the help says so: `run` steps its clock
/// at a display's 60 Hz, a drawn file (render, gallery) takes 30, half the
/// frames and about half the size, smooth enough for a header's motion.
struct FrameRateOption: ParsableArguments {
    /// Up to the fastest displays (120 Hz); a GIF plays at most 50 (ExportFormat.gifMaxFPS).
    static let range = NumberRange(lower: 1, upper: 120, unit: "frames per second")
    static let timelineDefault = 60.0
    static let fileDefault = 30.0

    @Option(name: .customLong("fps"), parsing: .unconditional, help: ArgumentHelp(
        "Frames per second, \(range.text) (default: 60 for run, a display's rate; 30 for render and gallery, "
            + "smaller files; a GIF plays at most 50).", valueName: "n"))
    var given: TypedNumber?

    func validate() throws {
        if let given { try Self.range.check("--fps", given) }
    }

    /// The rate to use: as given, else the command's default.
    func value(default standard: Double) -> Double { given?.value ?? standard }
}
