import RefreshRender
import RefreshConsole
import ArgumentParser
import RefreshNumbers
import RefreshHostController
import RefreshSession

/// The scripted interaction and the viewport: shared by `run` and `render`.
/// Each option is nil unless given, so an option that the chosen run cannot
/// honour (a pull with --programmatic, a scripted gesture in the live
/// preview) is an error instead of being dropped. Numbers are parsed
/// unconditionally: `--pull -300` is a value out of range, not a missing one.
struct GestureOptions: ParsableArguments {
    static let pullDurationRange = NumberRange(lower: 0, upper: 60, lowerOpen: true, unit: "seconds")
    static let holdRange = NumberRange(lower: 0, upper: 60, unit: "seconds")
    static let refreshRange = NumberRange(lower: 0, upper: 600, unit: "seconds")
    static let exitDeadlineRange = NumberRange(lower: 0, upper: 600, lowerOpen: true, unit: "seconds")

    @Option(name: .customLong("pull"), parsing: .unconditional,
            help: ArgumentHelp("Pull distance in points, in (0, H) where H is the viewport's height (default: 1.5 x the style's height).",
                               valueName: "points"))
    var pullOption: TypedNumber?
    @Option(name: .customLong("pull-duration"), parsing: .unconditional,
            help: ArgumentHelp("Seconds the pull takes, \(pullDurationRange.text) (default: \(GestureRequest.defaultPullDuration)).", valueName: "seconds"))
    var pullDurationGiven: TypedNumber?
    @Option(name: .customLong("hold"), parsing: .unconditional,
            help: ArgumentHelp("Seconds the finger stays down at full pull, \(holdRange.text) (default: 0).", valueName: "seconds"))
    var holdGiven: TypedNumber?
    @Option(name: .customLong("refresh"), parsing: .unconditional,
            help: ArgumentHelp("Seconds from the start of the refresh to its end, \(refreshRange.text) (default: \(GestureRequest.defaultRefresh)).",
                               valueName: "seconds"))
    var refreshGiven: TypedNumber?
    @Flag(help: "Start the refresh programmatically instead of with a pull (not with --pull, --pull-duration or --hold).")
    var programmatic = false
    @Option(name: .customLong("size"), parsing: .unconditional,
            help: ArgumentHelp("Viewport size in points, each side 10 to 10000; taller than the pull (default: \(GestureRequest.defaultSize)). A drawn frame (PNG, GIF, WebP, --record) holds at most \(PixelBudget.maxPixels) pixels at --scale.",
                               valueName: "WxH"))
    var sizeOption: String?
    @Option(name: .customLong("exit-deadline"), parsing: .unconditional,
            help: ArgumentHelp("Seconds to wait for an exit's done, \(exitDeadlineRange.text) (default: \(TypedNumber.plain(GestureRequest.defaultExitDeadline))).",
                               valueName: "seconds"))
    var exitDeadlineGiven: TypedNumber?
    @Option(name: .customLong("result"),
            help: ArgumentHelp("How the refresh ends: success, failure or no-more (default: success).", valueName: "result"),
            completion: .list(["success", "failure", "no-more"]))
    var resultOption: String?
    @Option(help: ArgumentHelp("The result's message for the user, at most 255 bytes (\"3 new posts\").", valueName: "text"))
    var message: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the finger is across the width, 0 (left) to 1 (right), as it touches and, after a comma, where the pull takes it (default: 0.5).",
        valueName: "from[,to]"))
    var finger: String?

    /// The options as values (valid after `validate()`).
    var request: GestureRequest {
        var r = GestureRequest()
        (r.pull, r.pullDuration, r.hold, r.refresh) = (pullOption?.value, pullDurationGiven?.value, holdGiven?.value, refreshGiven?.value)
        (r.programmatic, r.size, r.exitDeadline) = (programmatic, sizeOption, exitDeadlineGiven?.value)
        (r.result, r.message, r.finger) = (resultOption, message, finger)
        return r
    }

    var gesture: Gesture { request.gesture }
    var viewport: Viewport { request.viewport }
    var exitDeadline: Double { request.exitDeadlineSeconds }
    var scriptedOptions: [String] { request.scriptedOptions }

    func validate() throws {
        if let pullDurationGiven { try Self.pullDurationRange.check("--pull-duration", pullDurationGiven) }
        if let holdGiven { try Self.holdRange.check("--hold", holdGiven) }
        if let refreshGiven { try Self.refreshRange.check("--refresh", refreshGiven) }
        if let exitDeadlineGiven { try Self.exitDeadlineRange.check("--exit-deadline", exitDeadlineGiven) }
        let size = request.sizeText
        guard let viewport = Viewport(size) else {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, each from 10 to 10000, like 375x300")
        }
        if let pullOption {
            try NumberRange(lower: 0, upper: viewport.height, lowerOpen: true, upperOpen: true, unit: "points")
                .check("--pull", pullOption, ", below the viewport's height (--size \(size))")
        }
        if let problem = request.problem { throw ValidationError(problem) }
    }

    /// Checks that need the style (GestureRequest.check); `warnShortPull`: say when the pull never starts a refresh.
    func check(styleHeight height: Double, styleName: String, warnShortPull: Bool = true) throws {
        if let warning = try request.check(styleHeight: height, styleName: styleName), warnShortPull {
            Console.current.warning(warning)
        }
    }
}
