import RefreshHostController
import RefreshHostLoader
import RefreshLayers
import RefreshRender
import RefreshWorker

#if canImport(Glibc)
import Glibc
#endif

/// `render` with the plugin in a worker: the worker runs the style on the
/// virtual clock and sends each frame's layers; this process draws them
/// with cairo and encodes the file, so the worker steps the next frame while
/// this one is drawn.
extension RenderCommand {
    func superviseRender(to out: String) throws {
        let format = exportFormat
        let entry = try plugins.resolve(style)
        if let d = entry.descriptor {
            try environment.check(d)
            try scenario.check(styleHeight: d.metrics.triggerDistance, styleName: d.name, warnShortPull: at == nil)
        }
        var arguments = ["render", entry.descriptor?.id ?? style, "--out", out, "--format", format.rawValue]
            + isolation.arguments(file: entry.file)
            + scenario.arguments + environment.arguments + frames.arguments
        if let at { arguments += ["--at", at] }
        let options = frames.recording(scenario, environment: environment)
        let renderer = FrameRenderer(viewportWidth: options.width, viewportHeight: options.height, scale: options.scale,
                                     appearance: options.appearance)
        // The file is made only once the worker is running the style.
        let worker = try StyleWorker(entry, arguments: arguments, budget: isolation.budget)
        let progress = RenderProgress(console: Console.current, label: self.out == "-" ? "stdout" : out)
        var problems: [String] = []
        var writer: AnimationWriter?
        var total = 0
        var index = 0
        do {
            loop: while true {
                switch try worker.next() {
                case let .frameCount(n):
                    total = n
                    writer = format == .gif
                        ? try GIFEncoder(path: out, width: renderer.pixelWidth, height: renderer.pixelHeight)
                        : try WebPEncoder(path: out, width: renderer.pixelWidth, height: renderer.pixelHeight)
                case let .frame(frame):
                    if let writer {
                        try writer.add(renderer.render(layers: frame.layers, pull: frame.pull, list: frame.list), from: frame.time,
                                       until: frame.until)
                        index += 1
                        progress.frame(index, of: total)
                    } else if format == .png {
                        try StillWriter.writePNG(layers: frame.layers, pull: frame.pull, list: frame.list, renderer: renderer, to: out)
                    } else if format == .svg {
                        try StillWriter.writeSVG(layers: frame.layers, pull: frame.pull, list: frame.list, scene: renderer.scene, to: out)
                    } else {
                        throw CLIError.plugin("the worker running \(worker.subject) sent a frame before the frame count")
                    }
                case let .problem(line): if problems.count < 1000 { problems.append(line) }
                case let .failed(why, status): throw CLIError(why, worker: status)
                case .done: break loop
                case .hello, .line, .frameJSON: continue
                }
            }
            try writer?.finish()
        } catch {
            progress.end()
            worker.reportOutput()
            throw (error as? RenderError).map(CLIError.init) ?? error
        }
        progress.end()
        worker.reportOutput()
        Self.reportProblems(problems)
    }

    func renderWorker(file: String) -> Never {
        WorkerSide.run {
            let registry = PluginRegistry(directories: [SearchDirectory(file, .option)])
            let log = HostLog()
            log.onEntry = { entry in
                if entry.isProblem { WorkerSide.send(.problem(entry.problemLine)) }
            }
            let parameters = try environment.parameters(registry, style: style)
            let recording = Recording(frames.recording(scenario, environment: environment)) { width, height in
                let tree = LayerTree(timeline: Timeline())
                do {
                    let animator = try registry.makeAnimator(style, tree: tree, log: log,
                                                             pixelScale: Double(frames.scale), parameters: parameters)
                    return try RefreshController(animator: animator, tree: tree, viewportWidth: width,
                                                 viewportHeight: height, settings: environment.settings)
                } catch {
                    throw CLIError.plugin("\(error)")
                }
            }
            do {
                if exportFormat.isAnimated {
                    WorkerSide.send(.frameCount(try recording.frameTimes().count))
                    try recording.forEachStep { controller, _, _, until in
                        WorkerSide.send(.frame(SceneFrame(controller, until: until)))
                    }
                } else {
                    let moments = try recording.moments()
                    let time = try at.flatMap(Moment.init).map { try $0.time(in: moments) }
                        ?? Moment.defaultStill(in: moments)
                    try recording.withController(at: time) { WorkerSide.send(.frame(SceneFrame($0))) }
                }
            } catch let error as RenderError {
                throw CLIError(error)
            }
            registry.close()
        }
    }
}
