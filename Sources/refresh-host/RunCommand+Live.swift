import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender
import RefreshTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `run` in a terminal: the style plays live on the monotonic clock, drawn
/// by the renderer into the terminal's half-block cells, until `q`.
extension RunCommand {
    /// Live only on a terminal, and not when the timeline was asked for.
    var wantsLive: Bool {
        !noLive && !trace && !frames && framesJSON == nil && TerminalSession.isTerminal(STDOUT_FILENO)
    }

    func runLive() throws {
        let registry = try plugins.registry()
        let viewport = scenario.viewport
        let tree = LayerTree(timeline: Timeline())
        let log = HostLog()
        let animator: PluginAnimator
        let controller: RefreshController
        do {
            animator = try registry.makeAnimator(style, tree: tree, log: log)
            controller = try RefreshController(animator: animator, tree: tree, viewportWidth: viewport.width,
                                               viewportHeight: viewport.height)
        } catch {
            throw CLIError("\(error)")
        }
        controller.exitDeadline = scenario.exitDeadline
        let name = animator.descriptor.name
        var refreshes = 0
        controller.addObserver { _, event in
            if case .didStart = event { refreshes += 1 }
        }

        // One renderer per scale: a resize that changes the scale makes a new one.
        var renderer: FrameRenderer?
        let preview = LivePreview(controller: controller, styleName: name, viewportWidth: viewport.width,
                                  viewportHeight: viewport.height) { scale in
            if renderer?.scale != scale {
                renderer = FrameRenderer(viewportWidth: viewport.width, viewportHeight: viewport.height, scale: scale)
            }
            let bitmap = renderer!.render(controller)
            return PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
        }
        preview.fps = fps

        let session: TerminalSession
        do {
            session = try TerminalSession(name: name)
        } catch {
            controller.destroy()
            registry.close()
            throw CLIError("run: \(error)")
        }
        let ending = preview.run(on: session, clock: MonotonicClock())
        session.restore()
        controller.destroy()
        registry.close()
        if case .signal(let number) = ending { TerminalSession.reraise(number) }

        print("\(name): \(refreshes) refresh(es), \(controller.totalCycles) cycle(s)")
        // What the host had to say could not be shown on the live screen.
        let problems = log.entries.filter { $0.kind != .plugin && $0.level >= .warning }
        for entry in problems.prefix(10) { print("  \(entry)") }
        if problems.count > 10 { print("  ... and \(problems.count - 10) more") }
    }
}
