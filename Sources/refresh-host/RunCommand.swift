import ArgumentParser
import RefreshHostController
import RefreshHostLoader
import RefreshLayers

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive a style through a whole refresh on the virtual clock and print its timeline.",
        discussion: """
            The default gesture pulls past the style's height (to 1.5 x height) over 0.6 s, releases, \
            lets the refresh run for 2.5 s, ends it, and runs until the header has reset.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.") var style: String

    @Option(help: ArgumentHelp("Pull distance in points (default: 1.5 x the style's height).", valueName: "points"))
    var pull: Double?
    @Option(name: .customLong("pull-duration"), help: ArgumentHelp("Seconds the pull takes.", valueName: "seconds"))
    var pullDuration = 0.6
    @Option(help: ArgumentHelp("Seconds the finger stays down at full pull.", valueName: "seconds"))
    var hold = 0.0
    @Option(help: ArgumentHelp("Seconds from the start of the refresh to its end.", valueName: "seconds"))
    var refresh = 2.5
    @Flag(help: "Start the refresh programmatically instead of with a pull.") var programmatic = false
    @Option(help: ArgumentHelp("Frames per second of the virtual clock.", valueName: "n")) var fps = 60.0
    @Option(help: ArgumentHelp("Viewport size in points.", valueName: "WxH")) var size = "375x300"
    @Option(name: .customLong("exit-deadline"), help: ArgumentHelp("Seconds to wait for an exit's done.", valueName: "seconds"))
    var exitDeadline = 5.0
    @Flag(help: "Print every call into the plugin, with its arguments and time.") var trace = false
    @Flag(help: "Print a summary of the style's layers at every frame.") var frames = false
    @Option(name: .customLong("frames-json"),
            help: ArgumentHelp("Write every frame's layers to FILE, one JSON object per line.", valueName: "file"))
    var framesJSON: String?

    func validate() throws {
        func check(_ ok: Bool, _ message: String) throws { if !ok { throw ValidationError(message) } }
        try check(fps.isFinite && fps >= 1 && fps <= 1000, "--fps \(fps): must be between 1 and 1000")
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

    func run() throws {
        let registry = try plugins.registry()
        let viewport = Viewport(size)!
        let tree = LayerTree(timeline: Timeline())
        let log = HostLog()
        let animator: PluginAnimator
        do {
            animator = try registry.makeAnimator(style, tree: tree, log: log)
        } catch {
            throw CLIError("\(error)")
        }
        let d = animator.descriptor
        var gesture = Gesture()
        gesture.start = programmatic ? .programmatic : .pull
        gesture.pullDistance = pull
        gesture.pullDuration = pullDuration
        gesture.hold = hold
        gesture.refreshDuration = refresh

        let printer = TimelinePrinter(showFrames: frames)
        print("\(d.name) (\(d.id) \(d.version)) from \(animator.libraryPath)")
        print(programmatic
            ? "gesture: programmatic start, refresh \(format(refresh, decimals: 2)) s, end"
            : "gesture: pull to \(format(gesture.distance(forHeight: d.metrics.height), decimals: 1)) pt over \(format(pullDuration, decimals: 2)) s, hold \(format(hold, decimals: 2)) s, release, refresh \(format(refresh, decimals: 2)) s, end")
        print("clock: virtual, \(format(fps, decimals: 0)) fps; viewport \(format(viewport.width, decimals: 0)) x \(format(viewport.height, decimals: 0)) pt; style height \(format(d.metrics.height, decimals: 1)) pt")
        print("")
        log.onEntry = { printer.log($0) }
        if trace {
            registry.dispatcher.trace = { printer.call($0, now: tree.timeline.now) }
        }

        let controller: RefreshController
        do {
            controller = try RefreshController(animator: animator, tree: tree, viewportWidth: viewport.width,
                                               viewportHeight: viewport.height)
        } catch {
            throw CLIError("\(error)")
        }
        controller.exitDeadline = exitDeadline
        controller.addObserver { time, event in printer.event(event, at: time) }
        gesture.schedule(on: controller)

        let dump = try framesJSON.map { try FrameDump(path: $0) }
        let loop = FrameLoop(fps: fps, clock: VirtualClock())
        let limit = gesture.endTime + exitDeadline + 10
        let end = loop.run(controller, limit: limit, stop: {
            $0.timeline.now > gesture.endTime && $0.isAtRest
        }, onFrame: { frame, time in
            if frames { printer.frame(frame, time: time, controller: controller) }
            dump?.frame(frame, time: time, controller: controller)
        })
        controller.destroy()
        registry.close()

        print("")
        let states = controller.state == .idle ? "back to idle" : "still \(controller.state) (stopped at the time limit)"
        print("done at \(format(end, decimals: 3)) s: \(controller.totalCycles) cycle(s), \(states)")
        let problems = log.entries.filter { $0.kind != .plugin && $0.level >= .warning }
        if !problems.isEmpty { print("\(problems.count) problem(s) reported by the host (see above)") }
        if trace { printer.statistics(registry.dispatcher) }
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
