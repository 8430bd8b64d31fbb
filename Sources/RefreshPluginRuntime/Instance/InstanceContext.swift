import RefreshHostABI
import RefreshHostController
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The host's side of one plugin instance: what its rh_host_t leads back to.
///
/// A context is never freed. The plugin may keep its host pointer or its
/// `done` past destroy (a bug, but one the host must survive and report), so
/// both must stay valid memory for the life of the process. It costs a few
/// hundred bytes per instance ever created, not per refresh.
final class InstanceContext {
    let label: String
    let tree: LayerTree
    let log: HostLog
    let dispatcher: PluginDispatcher
    let ownerThread: pthread_t
    /// The root layer handed to setup; 0 until then.
    var root: LayerID = 0
    /// Animate blocks the plugin opened and has not committed.
    var openBlocks = 0
    /// Layers one instance may hold, root included.
    var layerLimit = 4096
    /// Layers the instance holds now, root included: kept as they are made
    /// and removed, so the limit costs nothing per layer_create.
    var layerCount = 1
    /// How far below the root a layer may be (RH_MAX_LAYER_DEPTH): the tree is
    /// walked from a layer to the root for every call and drawn recursively, so
    /// a chain thousands deep would spend the plugin's budget in the host.
    var depthLimit = Int(RH_MAX_LAYER_DEPTH)

    /// The minor ABI version the plugin declares: the host never returns it a
    /// status (RH_WARN_ADJUSTED) or enum value newer than that.
    var pluginMinor: UInt32 = 0
    /// The folder that holds the plugin's .so: image_load reads only inside it.
    var pluginFolder = ""
    /// The output's device pixels per point (pixel_scale), in [0.1, 16].
    var pixelScale = 1.0
    /// The images the instance made or loaded (ABI 1.2), and their byte budget.
    let images = ImageTable()
    /// Set by a service that did something slightly different from what was
    /// asked (and logged it); serve() then returns RH_WARN_ADJUSTED.
    var adjustedInCall = false
    /// Set by a service that stored a value this layer's kind does not draw
    /// (noteNoEffect); serve() then returns RH_WARN_NO_EFFECT.
    var noEffectInCall = false
    /// (layer, value) pairs already reported as drawing nothing: said once each.
    private var noEffectSaid: Set<String> = []

    /// Host timers the plugin scheduled (ABI 1.2).
    let timers = TimerTable()
    /// Timelines the plugin made (ABI 1.5, rh.timeline/1).
    let timelines = TimelineTable()
    /// The springs' settling durations, remembered (ABI 1.5, rh.spring/1).
    let springSettles = SpringSettles()

    // ABI 1.3
    /// What the host decided for the instance (environment()); set before setup.
    var environment: HostEnvironment?
    /// The style's declared parameters and this instance's values for them (param_get).
    var parameters: [StyleParameter] = []
    var parameterValues: [String: ParameterValue] = [:]
    /// TEXT parameter values as C strings, made on first param_get and kept
    /// with the context (which is never freed), as the header promises.
    var parameterTexts: [String: UnsafeMutablePointer<CChar>] = [:]
    /// Where haptic() and announce() go: the controller, which enforces the limits.
    var requestHandler: ((StyleRequest) -> Bool)?

    /// Set while the plugin's destroy runs, and after.
    var destroying = false
    /// Once set, pending timers are dropped unrun (completions check it when due).
    var destroyed = false {
        didSet { if destroyed { timers.dropAll(on: tree.timeline) } }
    }

    // The exit's done, seen from the host.
    var pendingExit: (() -> Void)?
    var exitAbandoned = false
    var exitCompleted = false

    private(set) var host: UnsafeMutablePointer<rh_host_t>!
    private(set) var done: DoneClosure!

    init(label: String, tree: LayerTree, log: HostLog, dispatcher: PluginDispatcher) {
        self.label = label
        self.tree = tree
        self.log = log
        self.dispatcher = dispatcher
        ownerThread = pthread_self()
        // Every stored property is set before self is handed out as user data.
        let opaque = Unmanaged.passRetained(self).toOpaque()
        host = HostServices.makeTable(hostData: opaque)
        done = DoneClosure(context: opaque)
        // The first instance on a timeline reports when a frame's work was cut
        // short: once, since a loop that does it once does it every frame.
        if tree.timeline.onChainLimit == nil {
            let limit = tree.timeline.chainLimit
            tree.timeline.onChainLimit = { [weak self] count in
                guard count == 1, let self else { return }
                self.note(.host, .warning,
                          "more than \(limit) animation completions and timers fell due within one frame "
                          + "(a completion that restarts its animation at once?); the rest wait for the next frame")
            }
        }
    }

    var isOnOwnerThread: Bool { pthread_equal(pthread_self(), ownerThread) != 0 }

    static func from(_ host: UnsafePointer<rh_host_t>?) -> InstanceContext? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<InstanceContext>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: Calling into the plugin

    /// Calls one of the instance's functions through the dispatcher, then
    /// tidies what the plugin may have left behind.
    @discardableResult
    func invoke(_ function: PluginFunction, _ pointer: UnsafeRawPointer, _ arguments: [PluginArgument]) -> PluginReturn {
        let result = dispatcher.call(function, pointer, arguments, target: label)
        afterPluginCall(function)
        return result
    }

    /// A plugin completion as a Swift closure for the animation engine.
    func completion(_ fn: rh_completion_fn?, _ user: UnsafeMutableRawPointer?,
                    as function: PluginFunction = .completion) -> ((Bool) -> Void)? {
        guard let fn else { return nil }
        let pointer = unsafeBitCast(fn, to: UnsafeRawPointer.self)
        return { [self] finished in
            // The header promises no completion after destroy.
            guard !self.destroyed, !self.destroying else { return }
            self.invoke(function, pointer, [.pointer(UnsafeRawPointer(user)), .bool(finished)])
        }
    }

    private func afterPluginCall(_ function: PluginFunction) {
        log.drain()
        // A block left open would swallow the host's own changes.
        if openBlocks > 0 {
            note(.host, .warning, "\(function.rawValue) left \(openBlocks) animate block(s) open; the host committed them")
            while openBlocks > 0 {
                openBlocks -= 1
                try? tree.commitAnimation(completion: nil)
            }
        }
    }

    // MARK: Reporting

    func note(_ kind: HostLog.Kind, _ level: HostLog.Level, _ message: String) {
        log.add(.init(time: tree.timeline.now, source: label, level: level, kind: kind, message: message))
    }

    /// A value stored on a layer whose kind does not draw it (fontSize on a
    /// rect): the call succeeds, and says so once per layer and value.
    func noteNoEffect(_ call: String, _ what: String, on layer: LayerID) {
        guard let kind = tree.kind(of: layer) else { return }
        noEffectInCall = true
        guard noEffectSaid.insert("\(layer) \(what)").inserted else { return }
        let article = "aeiou".contains(kind.name.first!) ? "an" : "a"
        note(.noEffect, .warning, "\(call): \(what) has no effect on \(article) \(kind.name) layer (layer \(layer)); stored, not drawn")
    }

    /// A refused call from another thread: reported without touching the
    /// tree, the timeline or the log's entries from that thread.
    func noteOffThread(_ call: String) {
        log.addFromAnyThread(.init(time: -1, source: label, level: .error, kind: .misuse,
                                   message: "\(call) called from another thread; refused (RH_ERR_WRONG_THREAD)"))
    }

    // MARK: done

    /// The plugin called the `done` it was given.
    func doneCalled() {
        guard isOnOwnerThread else { noteOffThread("done"); return }
        if destroyed || destroying {
            note(.exit, .error, "done called \(destroyed ? "after" : "during") destroy; ignored")
        } else if let finish = pendingExit {
            pendingExit = nil
            exitCompleted = true
            finish()
        } else if exitAbandoned {
            exitAbandoned = false
            note(.exit, .error, "done called after the exit deadline; ignored")
        } else if exitCompleted {
            note(.exit, .error, "done called twice; the second call was ignored")
        } else {
            note(.exit, .error, "done called with no exit running; ignored")
        }
    }
}
