import ArgumentParser
import RefreshHostController
import RefreshHostLoader
import RefreshLayers

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a style live in the terminal, or drive it through a refresh on the virtual clock and print its timeline.",
        discussion: """
            When stdout is a terminal (and without --no-live, --trace or --frames), the style plays live on the \
            real clock: Down/Up pull and ease back, Space releases, r and e start and end a refresh, q quits; the \
            mouse drags the list. Otherwise the default gesture pulls past the style's height (to 1.5 x height) \
            over 0.6 s, releases, lets the refresh run for 2.5 s, ends it, and runs until the header has reset, \
            and the timeline is printed.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.") var style: String

    @OptionGroup var scenario: GestureOptions
    @Option(help: ArgumentHelp("Frames per second of the virtual clock.", valueName: "n")) var fps = 60.0
    @Flag(help: "Print every call into the plugin, with its arguments and time.") var trace = false
    @Flag(help: "Print a summary of the style's layers at every frame.") var frames = false
    @Option(name: .customLong("frames-json"),
            help: ArgumentHelp("Write every frame's layers to FILE, one JSON object per line.", valueName: "file"))
    var framesJSON: String?
    @Flag(name: .customLong("no-live"), help: "Print the timeline even when stdout is a terminal.")
    var noLive = false

    func validate() throws {
        if !(fps.isFinite && fps >= 1 && fps <= 1000) { throw ValidationError("--fps \(fps): must be between 1 and 1000") }
    }

    func run() throws {
        if wantsLive { return try runLive() }
        let registry = try plugins.registry()
        let viewport = scenario.viewport
        let (programmatic, pullDuration, hold, refresh, exitDeadline) =
            (scenario.programmatic, scenario.pullDuration, scenario.hold, scenario.refresh, scenario.exitDeadline)
        let tree = LayerTree(timeline: Timeline())
        let log = HostLog()
        let animator: PluginAnimator
        do {
            animator = try registry.makeAnimator(style, tree: tree, log: log)
        } catch {
            throw CLIError("\(error)")
        }
        let d = animator.descriptor
        let gesture = scenario.gesture

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
