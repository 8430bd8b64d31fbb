import ArgumentParser
import RefreshHostController

/// The scripted interaction and the viewport: shared by `run` and `render`.
struct GestureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pull distance in points (default: 1.5 x the style's height).", valueName: "points"))
    var pull: Double?
    @Option(name: .customLong("pull-duration"), help: ArgumentHelp("Seconds the pull takes.", valueName: "seconds"))
    var pullDuration = 0.6
    @Option(help: ArgumentHelp("Seconds the finger stays down at full pull.", valueName: "seconds"))
    var hold = 0.0
    @Option(help: ArgumentHelp("Seconds from the start of the refresh to its end.", valueName: "seconds"))
    var refresh = 2.5
    @Flag(help: "Start the refresh programmatically instead of with a pull.") var programmatic = false
    @Option(help: ArgumentHelp("Viewport size in points.", valueName: "WxH")) var size = "375x300"
    @Option(name: .customLong("exit-deadline"), help: ArgumentHelp("Seconds to wait for an exit's done.", valueName: "seconds"))
    var exitDeadline = 5.0

    func validate() throws {
        func check(_ ok: Bool, _ message: String) throws { if !ok { throw ValidationError(message) } }
        try check(pullDuration.isFinite && pullDuration > 0 && pullDuration <= 60, "--pull-duration \(pullDuration): must be in (0, 60]")
        try check(hold.isFinite && hold >= 0 && hold <= 60, "--hold \(hold): must be in [0, 60]")
        try check(refresh.isFinite && refresh >= 0 && refresh <= 600, "--refresh \(refresh): must be in [0, 600]")
        try check(exitDeadline.isFinite && exitDeadline > 0 && exitDeadline <= 600, "--exit-deadline \(exitDeadline): must be in (0, 600]")
        if let pull { try check(pull.isFinite && pull > 0, "--pull \(pull): must be a positive number of points") }
        guard let viewport = Viewport(size) else {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, like 375x300")
        }
        if let pull { try check(pull < viewport.height, "--pull \(pull): must be below the viewport height \(viewport.height)") }
    }

    /// Valid after `validate()`.
    var viewport: Viewport { Viewport(size)! }

    /// The same options as command-line arguments, for a child `refresh-host`.
    var arguments: [String] {
        var result = ["--pull-duration", "\(pullDuration)", "--hold", "\(hold)", "--refresh", "\(refresh)",
                      "--size", size, "--exit-deadline", "\(exitDeadline)"]
        if let pull { result += ["--pull", "\(pull)"] }
        if programmatic { result.append("--programmatic") }
        return result
    }

    var gesture: Gesture {
        var gesture = Gesture()
        gesture.start = programmatic ? .programmatic : .pull
        gesture.pullDistance = pull
        gesture.pullDuration = pullDuration
        gesture.hold = hold
        gesture.refreshDuration = refresh
        return gesture
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
