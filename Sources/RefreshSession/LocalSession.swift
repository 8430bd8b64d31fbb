import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshDiscovery

/// A style running in this process: the one place a registry entry becomes
/// an instance and a controller. A worker runs its style in one of these;
/// so do trusted consumers that need the instance itself (the validator's
/// checks read the controller and the host log).
public final class LocalSession: StyleSession {
    /// Where the style comes from.
    public enum Source {
        /// A style (id or short name) of plugins loaded in this process.
        case plugins(LoadedPlugins, style: String)
        /// A descriptor of a library loaded by the caller (the validator), with parameter values already read.
        case library(PluginLibrary, StyleDescriptor, parameters: [String: ParameterValue])
    }

    public let source: Source
    public private(set) var settings: SessionSettings
    public private(set) var style: StyleSummary
    /// What the host said about the instance (refused values, late done, the plugin's lines).
    public let log: HostLog
    /// The running instance and its controller (replaced by `restart`).
    public private(set) var animator: PluginAnimator
    public private(set) var controller: RefreshController
    public var problems: [String] { sink.problems }
    public var observer: SessionObserver {
        get { sink.observer }
        set { sink.observer = newValue }
    }

    private let sink: EventSink
    private let sharedTree: LayerTree?
    /// Set when the session made the plugins itself (`init(file:...)`): it closes it.
    private var ownsPlugins = false
    private var pending: [SessionInput] = []
    private var closed = false

    /// Makes an instance of `style` (an id or short name) from `plugins`,
    /// set up, at time 0. The plugins stay the caller's.
    public convenience init(plugins: LoadedPlugins, style: String, settings: SessionSettings,
                            log: HostLog = HostLog(), observer: SessionObserver = SessionObserver()) throws(SessionFailure) {
        try self.init(.plugins(plugins, style: style), settings: settings, log: log, observer: observer)
    }

    /// Loads the one plugin `file` (nothing else on any search path) and makes `style` from it.
    public convenience init(file: String, style: String, settings: SessionSettings, log: HostLog = HostLog(),
                            observer: SessionObserver = SessionObserver()) throws(SessionFailure) {
        let plugins = LoadedPlugins(directories: [SearchDirectory(file, .option)])
        do {
            try self.init(.plugins(plugins, style: style), settings: settings, log: log, observer: observer)
        } catch {
            plugins.close()
            throw error
        }
        ownsPlugins = true
    }

    /// Makes an instance from `source`, set up, at time 0, in its own layer
    /// tree unless `tree` is shared (the validator runs several instances in one).
    /// `observer` hears everything from the start, the instance's create and setup included.
    public init(_ source: Source, settings: SessionSettings, log: HostLog = HostLog(), tree: LayerTree? = nil,
                observer: SessionObserver = SessionObserver()) throws(SessionFailure) {
        self.source = source
        self.settings = settings
        self.log = log
        sharedTree = tree
        let sink = EventSink(reports: settings.reports, observer: observer)
        self.sink = sink
        let tree = tree ?? LayerTree(timeline: Timeline())
        sink.listen(to: log)
        Self.trace(source, into: sink, on: tree, if: settings.reports)
        let made = try Self.make(source, settings, log, tree: tree)
        (animator, controller) = made
        style = Self.summary(made.0, made.1)
        sink.listen(to: controller)
    }

    public func send(_ input: SessionInput) {
        pending.append(input)
    }

    public func advance(to time: Double, withLayers: Bool) throws(SessionFailure) -> SessionFrame {
        try step(to: time)
        return SessionFrame(controller, events: sink.take(), withLayers: withLayers)
    }

    public func step(to time: Double) throws(SessionFailure) {
        guard !closed else { throw .reported(.request, "the session of \(style.id) is closed") }
        for input in pending { input.apply(to: controller) }
        pending = []
        controller.advance(to: time)
    }

    public func restart() throws(SessionFailure) {
        controller.destroy()
        pending = []
        _ = sink.take()
        let tree = sharedTree ?? LayerTree(timeline: Timeline())
        Self.trace(source, into: sink, on: tree, if: settings.reports)
        (animator, controller) = try Self.make(source, settings, log, tree: tree)
        sink.listen(to: controller)
    }

    public func resize(width: Double, height: Double, pixelScale: Double) throws(SessionFailure) {
        guard !closed else { throw .reported(.request, "the session of \(style.id) is closed") }
        var next = settings
        (next.width, next.height, next.pixelScale) = (width, height, pixelScale)
        guard next != settings else { return }
        // The new instance's clock starts where the old one's is: the caller's time goes on.
        let now = controller.timeline.now
        controller.destroy()
        pending = []
        _ = sink.take()
        settings = next
        let tree = sharedTree ?? LayerTree(timeline: Timeline(start: now))
        Self.trace(source, into: sink, on: tree, if: settings.reports)
        do {
            (animator, controller) = try Self.make(source, settings, log, tree: tree)
        } catch {
            // The old instance is gone and no new one runs: nothing more can be asked of this session.
            close()
            throw error
        }
        style = Self.summary(animator, controller)
        sink.listen(to: controller)
    }

    public func finish() throws(SessionFailure) -> [FunctionCalls] {
        close()
        guard case let .plugins(plugins, _) = source else { return [] }
        let statistics = plugins.dispatcher.statistics
        return PluginFunction.allCases.compactMap { function in
            statistics[function].map {
                FunctionCalls(function: function.rawValue, count: $0.count, total: $0.total, longest: $0.longest,
                              overBudget: $0.overBudget)
            }
        }
    }

    public func close() {
        guard !closed else { return }
        closed = true
        controller.destroy()
        if case let .plugins(plugins, _) = source {
            plugins.dispatcher.trace = nil
            if ownsPlugins { plugins.close() }
        }
    }

    /// With `.calls`, every call into the loaded plugins becomes an event at `tree`'s time.
    private static func trace(_ source: Source, into sink: EventSink, on tree: LayerTree, if reports: SessionSettings.Reports) {
        guard reports.contains(.calls), case let .plugins(plugins, _) = source else { return }
        plugins.dispatcher.trace = { [weak tree] record in sink.add(.call(PluginCall(record)), at: tree?.timeline.now ?? -1) }
    }

    private static func make(_ source: Source, _ settings: SessionSettings, _ log: HostLog, tree shared: LayerTree?)
        throws(SessionFailure) -> (PluginAnimator, RefreshController)
    {
        let tree = shared ?? LayerTree(timeline: Timeline())
        let animator: PluginAnimator
        switch source {
        case let .plugins(plugins, name):
            let entry: PluginEntry
            do { entry = try plugins.registry.lookup(name) } catch { throw .reported(.notFound, "\(error)") }
            let parameters = try Self.parameters(settings.parameters, of: entry.descriptor)
            do {
                animator = try plugins.makeAnimator(name, tree: tree, log: log, pixelScale: settings.pixelScale,
                                                     parameters: parameters)
            } catch {
                throw .reported(.style, "\(error)")
            }
        case let .library(library, descriptor, parameters):
            do {
                animator = try PluginAnimator(library: library, descriptor: descriptor, tree: tree, log: log,
                                              pixelScale: settings.pixelScale, parameters: parameters)
            } catch {
                throw .reported(.style, error.message)
            }
        }
        do {
            let controller = try RefreshController(animator: animator, tree: tree, viewportWidth: settings.width,
                                                   viewportHeight: settings.height, settings: settings.run)
            controller.exitDeadline = settings.exitDeadline
            return (animator, controller)
        } catch {
            throw .reported(.setup, "\(error)")
        }
    }

    /// The parameters' values, read against what the style declares.
    static func parameters(_ texts: [String: String], of descriptor: StyleDescriptor?)
        throws(SessionFailure) -> [String: ParameterValue]
    {
        guard !texts.isEmpty else { return [:] }
        guard let descriptor else { throw .reported(.request, "the style declares no parameters") }
        var values: [String: ParameterValue] = [:]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let declared = descriptor.parameters.first(where: { $0.id == name }) else {
                throw .reported(.request, "\(descriptor.name) has no parameter \(name)")
            }
            do { values[name] = try declared.parse(text) } catch {
                throw .reported(.request, "\(descriptor.name)'s \(error.message)")
            }
        }
        return values
    }

    private static func summary(_ animator: PluginAnimator, _ controller: RefreshController) -> StyleSummary {
        let d = animator.descriptor
        return StyleSummary(id: d.id, name: d.name, version: d.version, file: animator.libraryPath,
                            triggerDistance: d.metrics.triggerDistance, height: d.metrics.height,
                            environment: controller.environment)
    }
}
