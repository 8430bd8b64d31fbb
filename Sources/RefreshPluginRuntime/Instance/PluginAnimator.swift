import RefreshHostABI
import RefreshHostController
import RefreshLayers

/// Why an instance could not be made or set up.
public struct InstanceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A style instance living in a plugin, seen by the controller through the
/// StyleAnimator interface. Every call goes through the dispatcher.
public final class PluginAnimator: StyleAnimator {
    public let descriptor: StyleDescriptor
    public var label: String { context.label }
    public var metrics: StyleMetrics { descriptor.metrics }
    public let libraryPath: String

    private let context: InstanceContext
    private let instance: UnsafePointer<rh_instance_t>
    private let functions: rh_instance_t

    /// Creates an instance of `descriptor`'s style from `library`. Layers go
    /// into `tree`; reports go to `log`.
    /// `pixelScale` is the output's device pixels per point (pixel_scale), clamped to [0.1, 16].
    /// `parameters` are the user's values for the style's declared parameters
    /// (param_get answers the declared default for the rest).
    public init(library: PluginLibrary, descriptor: StyleDescriptor, tree: LayerTree, log: HostLog,
                pixelScale: Double = 1, parameters: [String: ParameterValue] = [:]) throws(InstanceError) {
        self.descriptor = descriptor
        libraryPath = library.path
        let context = InstanceContext(label: log.nextLabel(for: descriptor.id), tree: tree, log: log,
                                      dispatcher: library.dispatcher)
        context.pluginMinor = library.abiVersion.minor
        context.pluginFolder = PluginLibrary.folder(of: library.path)
        context.pixelScale = pixelScale.isFinite ? min(max(pixelScale, 0.1), 16) : 1
        context.parameters = descriptor.parameters
        context.parameterValues = parameters
        self.context = context
        let create = unsafeBitCast(library.entry.pointee.create!, to: UnsafeRawPointer.self)
        let made = descriptor.id.withCString { id in
            library.dispatcher.call(.create, create, [.pointer(UnsafeRawPointer(context.host)),
                                                      .string(UInt(bitPattern: id), descriptor.id)],
                                    target: library.path).pointerValue
        }
        guard let made else {
            context.destroyed = true
            throw InstanceError("\(library.path): create(\"\(descriptor.id)\") returned NULL")
        }
        instance = made.assumingMemoryBound(to: rh_instance_t.self)
        // ABI 1.0's instance ends where 1.3's callbacks begin; those are read
        // only when struct_size covers them (the rest reads as NULL).
        guard let (read, _) = VersionedStruct.read(instance, minimum: VersionedStruct.instanceMinimum) else {
            let size = UnsafeRawPointer(instance).loadUnaligned(as: UInt32.self)
            context.destroyed = true
            throw InstanceError("\(descriptor.id): rh_instance_t.struct_size is \(size), smaller than ABI 1.0's")
        }
        functions = read
        guard functions.setup != nil, functions.destroy != nil else {
            context.destroyed = true
            throw InstanceError("\(descriptor.id): rh_instance_t.\(functions.setup == nil ? "setup" : "destroy") is NULL but required")
        }
    }

    private var me: PluginArgument { .pointer(UnsafeRawPointer(instance)) }

    private func call<F>(_ function: PluginFunction, _ fn: F?, _ more: [PluginArgument] = []) {
        guard let fn, !context.destroyed else { return }
        context.invoke(function, unsafeBitCast(fn, to: UnsafeRawPointer.self), [me] + more)
    }

    public var requestHandler: ((StyleRequest) -> Bool)? {
        get { context.requestHandler }
        set { context.requestHandler = newValue }
    }

    /// ABI 1.3's callbacks, only for a plugin that declares 1.3 (a field
    /// beyond an older plugin's struct_size reads as NULL anyway).
    private var speaks13: Bool { context.pluginMinor >= 3 }

    public func setup(root: LayerID, environment: HostEnvironment) throws {
        context.root = root
        context.environment = environment
        let ok = context.invoke(.setup, unsafeBitCast(functions.setup!, to: UnsafeRawPointer.self),
                                [me, .uint32(root)]).boolValue
        guard ok else {
            destroy()
            throw InstanceError("\(label): setup returned false: the style cannot run")
        }
    }

    public func pull(distance: Double, ratio: Double, velocity: Double) {
        // Pull-driven timelines (rh.timeline/1) read rh_pull_t's ratio: distance over the trigger distance.
        let trigger = context.environment?.triggerDistance ?? metrics.triggerDistance
        context.timelines.drive(distance: distance, ratio: trigger > 0 ? distance / trigger : 0)
        // The header: a style that takes position() gets it instead of pull().
        guard !(speaks13 && functions.position != nil) else { return }
        call(.pull, functions.pull, [.double(distance), .double(ratio), .double(velocity)])
    }

    public func position(_ update: PullUpdate) {
        // Every plugin's pull-driven timelines follow the header, whatever callback it takes.
        context.timelines.drive(distance: update.distance, ratio: update.ratio)
        guard speaks13, functions.position != nil else { return }
        var pull = rh_pull_t(
            struct_size: UInt32(MemoryLayout<rh_pull_t>.size), phase: update.phase.rawValue, distance: update.distance,
            ratio: update.ratio, velocity: update.velocity, finger_x: update.fingerX ?? .nan,
            finger_fraction: update.fingerFraction ?? .nan)
        withUnsafePointer(to: &pull) { p in
            call(.position, functions.position, [.pointer(UnsafeRawPointer(p))])
        }
    }

    public func closed() {
        guard speaks13 else { return }
        call(.closed, functions.closed)
    }

    public func stateChanged(from old: RefreshState, to new: RefreshState) {
        // Never a state newer than the plugin's minor.
        guard old.sinceMinor <= context.pluginMinor, new.sinceMinor <= context.pluginMinor else { return }
        call(.stateChanged, functions.state_changed, [.int32(old.rawValue), .int32(new.rawValue)])
    }

    public func setupForCycle() { call(.setupForCycle, functions.setup_for_cycle) }
    public func cycle() { call(.cycle, functions.cycle) }

    public func exit(result: RefreshResult, done: @escaping () -> Void) {
        context.pendingExit = done
        context.exitAbandoned = false
        context.exitCompleted = false
        if speaks13, functions.exit_with_result != nil {
            // The message lives for the call only, as the header says.
            (result.message ?? "").withCString { message in
                var r = rh_refresh_result_t(struct_size: UInt32(MemoryLayout<rh_refresh_result_t>.size),
                                            kind: result.kind.rawValue, message: result.message == nil ? nil : message)
                withUnsafePointer(to: &r) { p in
                    call(.exitWithResult, functions.exit_with_result,
                         [.pointer(UnsafeRawPointer(p)), .pointer(context.done.function)])
                }
            }
            return
        }
        guard functions.exit != nil else {
            // No exit animation: done at once, as the header promises.
            context.doneCalled()
            return
        }
        call(.exit, functions.exit, [.pointer(context.done.function)])
    }

    public func abandonExit() {
        guard context.pendingExit != nil else { return }
        context.pendingExit = nil
        context.exitAbandoned = true
        context.note(.exit, .error, "done not called within the exit deadline")
    }

    public func reset() { call(.reset, functions.reset) }

    public var wantsTick: Bool { functions.tick != nil }

    /// Whether the plugin provides `function` (optional callbacks may be NULL).
    public func implements(_ function: PluginFunction) -> Bool {
        switch function {
        case .setup, .destroy: true
        case .pull: functions.pull != nil
        case .stateChanged: functions.state_changed != nil
        case .setupForCycle: functions.setup_for_cycle != nil
        case .cycle: functions.cycle != nil
        case .exit: functions.exit != nil
        case .reset: functions.reset != nil
        case .tick: functions.tick != nil
        case .position: speaks13 && functions.position != nil
        case .closed: speaks13 && functions.closed != nil
        case .exitWithResult: speaks13 && functions.exit_with_result != nil
        default: false
        }
    }

    public func tick(time: Double, dt: Double) { call(.tick, functions.tick, [.double(time), .double(dt)]) }

    public func destroy() {
        guard !context.destroyed else { return }
        context.destroying = true
        context.pendingExit = nil
        context.invoke(.destroy, unsafeBitCast(functions.destroy!, to: UnsafeRawPointer.self), [me])
        context.destroyed = true
        // Handles die with the instance (the context itself is never freed);
        // layers still showing an image keep its pixels.
        context.images.removeAll()
    }

    /// Layers and animations this instance holds now (for leak checks).
    public var layerCount: Int { context.root == 0 ? 0 : context.tree.layerCount(under: context.root) }
    public var animationCount: Int { context.root == 0 ? 0 : context.tree.animationCount(under: context.root) }
    /// Image bytes counting against RH_IMAGE_MAX_BYTES now (for the image budget).
    public var imageBytes: Int {
        context.images.heldBytes(shown: context.root == 0 ? [] : context.tree.imagesShown(under: context.root))
    }
    /// image_load calls that succeeded so far.
    public var imageLoads: Int { context.images.loads }
}
