import RefreshConsole
import ArgumentParser
import RefreshHostController
import RefreshText

/// The scripted interaction and the viewport: shared by `run` and `render`.
/// Each option is nil unless given, so an option that the chosen run cannot
/// honour (a pull with --programmatic, a scripted gesture in the live
/// preview) is an error instead of being dropped. Numbers are parsed
/// unconditionally: `--pull -300` is a value out of range, not a missing one.
struct GestureOptions: ParsableArguments {
    static let defaultPullDuration = 0.6, defaultHold = 0.0, defaultRefresh = 2.5, defaultExitDeadline = 5.0
    static let defaultSize = "375x300"

    static let pullDurationRange = NumberRange(lower: 0, upper: 60, lowerOpen: true, unit: "seconds")
    static let holdRange = NumberRange(lower: 0, upper: 60, unit: "seconds")
    static let refreshRange = NumberRange(lower: 0, upper: 600, unit: "seconds")
    static let exitDeadlineRange = NumberRange(lower: 0, upper: 600, lowerOpen: true, unit: "seconds")

    @Option(name: .customLong("pull"), parsing: .unconditional,
            help: ArgumentHelp("Pull distance in points, in (0, H) where H is the viewport's height (default: 1.5 x the style's height).",
                               valueName: "points"))
    var pullOption: TypedNumber?
    @Option(name: .customLong("pull-duration"), parsing: .unconditional,
            help: ArgumentHelp("Seconds the pull takes, \(pullDurationRange.text) (default: \(defaultPullDuration)).", valueName: "seconds"))
    var pullDurationGiven: TypedNumber?
    @Option(name: .customLong("hold"), parsing: .unconditional,
            help: ArgumentHelp("Seconds the finger stays down at full pull, \(holdRange.text) (default: 0).", valueName: "seconds"))
    var holdGiven: TypedNumber?
    @Option(name: .customLong("refresh"), parsing: .unconditional,
            help: ArgumentHelp("Seconds from the start of the refresh to its end, \(refreshRange.text) (default: \(defaultRefresh)).",
                               valueName: "seconds"))
    var refreshGiven: TypedNumber?
    @Flag(help: "Start the refresh programmatically instead of with a pull (not with --pull, --pull-duration or --hold).")
    var programmatic = false
    @Option(name: .customLong("size"), parsing: .unconditional,
            help: ArgumentHelp("Viewport size in points, each side 10 to 10000; taller than the pull (default: \(defaultSize)).",
                               valueName: "WxH"))
    var sizeOption: String?
    @Option(name: .customLong("exit-deadline"), parsing: .unconditional,
            help: ArgumentHelp("Seconds to wait for an exit's done, \(exitDeadlineRange.text) (default: \(TypedNumber.plain(defaultExitDeadline))).",
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

    /// --finger as fractions (valid after `validate()`).
    var fingerFractions: (Double, Double?)? {
        guard let finger else { return nil }
        let parts = finger.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= 1 } ?? false })
        else { return nil }
        return (parts[0]!, parts.count == 2 ? parts[1]! : nil)
    }

    // The options' values (valid after `validate()`); nil where not given.
    var pull: Double? { pullOption?.value }
    var pullDurationOption: Double? { pullDurationGiven?.value }
    var holdOption: Double? { holdGiven?.value }
    var refreshOption: Double? { refreshGiven?.value }
    var exitDeadlineOption: Double? { exitDeadlineGiven?.value }

    var pullDuration: Double { pullDurationOption ?? Self.defaultPullDuration }
    var hold: Double { holdOption ?? Self.defaultHold }
    var refresh: Double { refreshOption ?? Self.defaultRefresh }
    var exitDeadline: Double { exitDeadlineOption ?? Self.defaultExitDeadline }
    var size: String { sizeOption ?? Self.defaultSize }

    func validate() throws {
        func check(_ ok: Bool, _ message: String) throws { if !ok { throw ValidationError(message) } }
        if let pullDurationGiven { try Self.pullDurationRange.check("--pull-duration", pullDurationGiven) }
        if let holdGiven { try Self.holdRange.check("--hold", holdGiven) }
        if let refreshGiven { try Self.refreshRange.check("--refresh", refreshGiven) }
        if let exitDeadlineGiven { try Self.exitDeadlineRange.check("--exit-deadline", exitDeadlineGiven) }
        guard let viewport = Viewport(size) else {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, each from 10 to 10000, like 375x300")
        }
        if let pullOption {
            try NumberRange(lower: 0, upper: viewport.height, lowerOpen: true, upperOpen: true, unit: "points")
                .check("--pull", pullOption, ", below the viewport's height (--size \(size))")
        }
        if let resultOption {
            try check(RefreshResult.Kind(name: resultOption) != nil, "--result \(resultOption): expected success, failure or no-more")
        }
        if finger != nil, fingerFractions == nil {
            throw ValidationError("--finger \(finger!): expected FROM or FROM,TO, each a fraction of the width from 0 to 1")
        }
        if let message {
            try check(message.utf8.count <= RefreshResult.maxMessageBytes
                      && !message.hasControlCharacters,
                      "--message: at most 255 bytes, on one line")
        }
        // A programmatic refresh has no finger: the options that shape the pull cannot apply.
        if programmatic,
           let given = scriptedOptions.first(where: { ["--pull", "--pull-duration", "--hold", "--finger"].contains($0) }) {
            throw ValidationError("\(given): a programmatic refresh has no pull; leave out --programmatic or \(given)")
        }
    }

    /// Checks that need the style: the default pull (1.5 x its height) must
    /// fit in the viewport, and a pull short of the style's height never
    /// starts a refresh, which is worth saying.
    func check(styleHeight height: Double, styleName: String, warnShortPull: Bool = true) throws {
        guard !programmatic else { return }
        let distance = gesture.distance(forHeight: height)
        let viewport = self.viewport
        if pull == nil, distance >= viewport.height {
            throw CLIError.usage("--size \(size): the viewport must be taller than the pull, \(Self.points(distance)) pt "
                + "(1.5 x \(styleName)'s \(Self.points(height)) pt header); use a taller --size or a shorter --pull")
        }
        if warnShortPull, let pull, pull < height {
            Console.current.warning("--pull \(Self.points(pull)): short of \(styleName)'s \(Self.points(height)) pt threshold; "
                + "the refresh will not start")
        }
    }

    /// The options that script the gesture, as given: the live preview is driven by the keyboard instead.
    var scriptedOptions: [String] {
        [("--pull", pullOption != nil), ("--pull-duration", pullDurationGiven != nil), ("--hold", holdGiven != nil),
         ("--refresh", refreshGiven != nil), ("--programmatic", programmatic), ("--finger", finger != nil)]
            .filter(\.1).map(\.0)
    }

    /// Valid after `validate()`.
    var viewport: Viewport { Viewport(size)! }

    /// The same options as command-line arguments, for a child `refresh-host`.
    var arguments: [String] {
        var result = ["--size", size, "--exit-deadline", "\(exitDeadline)"]
        if let pullDurationOption { result += ["--pull-duration", "\(pullDurationOption)"] }
        if let holdOption { result += ["--hold", "\(holdOption)"] }
        if let refreshOption { result += ["--refresh", "\(refreshOption)"] }
        if let pull { result += ["--pull", "\(pull)"] }
        if programmatic { result.append("--programmatic") }
        if let resultOption { result += ["--result", resultOption] }
        if let message { result += ["--message", message] }
        if let finger { result += ["--finger", finger] }
        return result
    }

    var gesture: Gesture {
        var gesture = Gesture()
        gesture.start = programmatic ? .programmatic : .pull
        gesture.pullDistance = pull
        gesture.pullDuration = pullDuration
        gesture.hold = hold
        gesture.refreshDuration = refresh
        gesture.result = RefreshResult(resultOption.flatMap(RefreshResult.Kind.init(name:)) ?? .success, message: message)
        if let (from, to) = fingerFractions {
            gesture.fingerFraction = from
            gesture.fingerEndFraction = to
        }
        return gesture
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}

/// A viewport size given as "WxH".
struct Viewport {
    var width: Double
    var height: Double

    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 10, h >= 10, w <= 10_000, h <= 10_000 else { return nil }
        width = w
        height = h
    }
}
