import RefreshHostABI
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a host service refused a call: the status returned to the plugin and
/// the line logged for the person running it.
struct ServiceError: Error {
    var status: rh_status_t
    var message: String

    /// `status` is one of the header's RH_ERR_ constants (imported as Int).
    init(_ status: Int, _ message: String) {
        self.status = rh_status_t(status)
        self.message = message
    }

    init(_ error: LayerError) {
        switch error {
        case .unknownLayer: status = rh_status_t(RH_ERR_INVALID_LAYER)
        case .outOfRange, .invalidColor, .invalidTiming, .invalidGradient, .invalidDash, .invalidFont, .invalidKeyframes:
            status = rh_status_t(RH_ERR_OUT_OF_RANGE)
        case .wrongKind, .noFill, .noStroke, .invalidMask, .mismatchedKeyframes: status = rh_status_t(RH_ERR_INVALID_ARGUMENT)
        case .noOpenAnimation, .notKeyframes: status = rh_status_t(RH_ERR_BAD_STATE)
        case .tooLarge: status = rh_status_t(RH_ERR_LIMIT)
        }
        message = error.description
    }
}

/// The rh_host_t table: the services a plugin instance calls. Each entry
/// finds its instance through host_data, refuses calls from other threads
/// and after destroy, checks every argument, and turns any failure into a
/// status code and one log line. Nothing a plugin passes can crash the host
/// or touch another instance's layers.
enum HostServices {
    // Written once, read-only after: the C strings every rh_host_t points to.
    nonisolated(unsafe) static let name = strdup("refresh-host")!
    nonisolated(unsafe) static let version = strdup("1.0.0")!

    static func makeTable(hostData: UnsafeMutableRawPointer) -> UnsafeMutablePointer<rh_host_t> {
        var t = rh_host_t()
        t.abi_version = rh_version_t(major: ABIVersion.host.major, minor: ABIVersion.host.minor, patch: ABIVersion.host.patch)
        t.struct_size = UInt32(MemoryLayout<rh_host_t>.size)
        t.host_data = hostData
        t.name = UnsafePointer(name)
        t.version = UnsafePointer(version)
        t.get_extension = getExtension
        t.log = log
        t.now = now
        t.layer_create = layerCreate
        t.layer_remove = layerRemove
        t.layer_set = layerSet
        t.layer_get = layerGet
        t.layer_set_color = layerSetColor
        t.layer_set_text = layerSetText
        t.layer_set_path = layerSetPath
        t.animate_begin = animateBegin
        t.animate_keyframe = animateKeyframe
        t.animate_commit = animateCommit
        t.layer_add_animation = layerAddAnimation
        t.layer_remove_animations = layerRemoveAnimations
        t.layer_get_color = layerGetColor
        // 1.1
        t.layer_set_gradient = layerSetGradient
        // 1.2, one file per ability
        installDrawing(&t)
        installKeyframes(&t)
        installImages(&t)
        installTimers(&t)
        // 1.3
        installLifecycle(&t)
        let table = UnsafeMutablePointer<rh_host_t>.allocate(capacity: 1)
        table.initialize(to: t)
        return table
    }

    /// The common frame of every service that returns a status. `arguments`
    /// (the call's arguments after the host, as text) is only made while the
    /// dispatcher traces, when the call goes into the trace.
    static func serve(
        _ host: UnsafePointer<rh_host_t>?, _ call: String, _ arguments: @autoclosure () -> String = "",
        _ body: (InstanceContext) throws(ServiceError) -> Void
    ) -> rh_status_t {
        guard let context = InstanceContext.from(host) else { return rh_status_t(RH_ERR_INVALID_ARGUMENT) }
        guard let log = context.dispatcher.serviceCalls, context.isOnOwnerThread else { return serve(context, call, body) }
        return log.record(call, arguments) { serve(context, call, body) }
    }

    /// Records `body`, a service that does not return a status, while the
    /// dispatcher traces: one line makes a new service appear in the trace.
    static func traced<T>(_ host: UnsafePointer<rh_host_t>?, _ call: String, _ arguments: @autoclosure () -> String = "",
                          _ body: () -> T) -> T {
        guard let context = InstanceContext.from(host), let log = context.dispatcher.serviceCalls,
              context.isOnOwnerThread
        else { return body() }
        return log.record(call, arguments, body)
    }

    /// The frame without the trace (layer_create records its handle, not a status).
    static func serve(
        _ context: InstanceContext, _ call: String, _ body: (InstanceContext) throws(ServiceError) -> Void
    ) -> rh_status_t {
        guard context.isOnOwnerThread else {
            context.noteOffThread(call)
            return rh_status_t(RH_ERR_WRONG_THREAD)
        }
        guard !context.destroyed else {
            context.note(.misuse, .error, "\(call) called after destroy; refused")
            return rh_status_t(RH_ERR_BAD_STATE)
        }
        context.adjustedInCall = false
        context.noEffectInCall = false
        defer { context.adjustedInCall = false; context.noEffectInCall = false }
        do {
            try body(context)
            // Only a 1.2 plugin knows the warnings; an older one was promised RH_OK.
            guard context.pluginMinor >= 2 else { return rh_status_t(RH_OK) }
            if context.adjustedInCall { return rh_status_t(RH_WARN_ADJUSTED) }
            return rh_status_t(context.noEffectInCall ? RH_WARN_NO_EFFECT : RH_OK)
        } catch {
            context.note(.misuse, .warning, "\(call): \(error.message) (status \(error.status))")
            return error.status
        }
    }

    /// Says which of `props` the layer's kind does not draw, once the call has succeeded.
    static func noteUndrawn(_ props: [LayerProperty], on id: LayerID, _ call: String, _ context: InstanceContext) {
        guard let kind = context.tree.kind(of: id) else { return }
        for p in props where !kind.draws(p) { context.noteNoEffect(call, p.name, on: id) }
    }

    /// Levels between an owned layer and the root (0 for the root itself).
    static func depth(of layer: LayerID, _ context: InstanceContext) -> Int {
        var levels = 0
        var current = layer
        while current != context.root, let parent = context.tree.parent(of: current) {
            levels += 1
            current = parent
        }
        return levels
    }

    /// A layer of this instance: its root or below it.
    static func owned(_ layer: rh_layer_t, _ context: InstanceContext) throws(ServiceError) -> LayerID {
        guard layer != 0, context.root != 0, context.tree.contains(layer),
              context.tree.isDescendant(layer, of: context.root)
        else { throw ServiceError(RH_ERR_INVALID_LAYER, "layer \(layer) is not one of this instance's layers") }
        return layer
    }

    /// rh_property_t to the engine's properties; RH_PROP_SCALE stands for both scales.
    static func properties(_ raw: rh_property_t) throws(ServiceError) -> [LayerProperty] {
        if Int(raw) == RH_PROP_SCALE { return [.scaleX, .scaleY] }
        // The effects' slots (rh.effects/1) are not rh_property_t values.
        guard let p = LayerProperty(rawValue: raw), p.isCore else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown property \(raw)")
        }
        return [p]
    }

    /// The property an animation or a getter names: rh_property_t's, or with
    /// `effects` (rh.effects/1's functions) an RH_EFFECT_* one only.
    static func properties(_ raw: rh_property_t, effects: Bool) throws(ServiceError) -> [LayerProperty] {
        effects ? [try effectProperty(raw)] : try properties(raw)
    }

    static func colorProperty(_ raw: rh_color_property_t) throws(ServiceError) -> ColorProperty {
        guard let p = ColorProperty(rawValue: raw) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown colour property \(raw)")
        }
        return p
    }

    static func layerError<T>(_ body: () throws(LayerError) -> T) throws(ServiceError) -> T {
        do { return try body() } catch { throw ServiceError(error) }
    }

    // MARK: The services

    static let log: @convention(c) (UnsafePointer<rh_host_t>?, rh_log_level_t, UnsafePointer<CChar>?) -> Void = {
        host, level, message in
        traced(host, "log", shown(level, message)) {
            guard let context = InstanceContext.from(host), let message else { return }
            guard context.isOnOwnerThread else { context.noteOffThread("log"); return }
            guard !context.destroyed else {
                context.note(.misuse, .error, "log called after destroy; refused")
                return
            }
            let text = String(decoding: UnsafeRawBufferPointer(start: message, count: strnlen(message, 4096)), as: UTF8.self)
            let lvl = HostLog.Level(rawValue: min(max(level, 0), 3)) ?? .info
            context.note(.plugin, lvl, text)
        }
    }

    static let now: @convention(c) (UnsafePointer<rh_host_t>?) -> Double = { host in
        traced(host, "now", shown()) {
            guard let context = InstanceContext.from(host) else { return -1 }
            guard context.isOnOwnerThread else { context.noteOffThread("now"); return -1 }
            guard !context.destroyed else {
                context.note(.misuse, .error, "now called after destroy; returned -1")
                return -1
            }
            return context.tree.timeline.now
        }
    }

    static let layerCreate: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_kind_t, rh_layer_t) -> rh_layer_t = {
        host, kind, parent in
        traced(host, "layer_create", shown(LayerKind(rawValue: kind)?.name ?? "kind \(kind)", parent)) { () -> rh_layer_t in
            guard let context = InstanceContext.from(host) else { return 0 }
            var made: rh_layer_t = 0
            _ = serve(context, "layer_create") { context throws(ServiceError) in
                guard let k = LayerKind(rawValue: kind) else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown layer kind \(kind)") }
                let p = try owned(parent, context)
                guard context.layerCount < context.layerLimit else {
                    throw ServiceError(RH_ERR_LIMIT, "this instance already has \(context.layerLimit) layers")
                }
                guard depth(of: p, context) < context.depthLimit else {
                    throw ServiceError(RH_ERR_LIMIT, "layer \(p) is \(context.depthLimit) levels below the root, "
                        + "the deepest a layer may be (RH_MAX_LAYER_DEPTH); no child for it")
                }
                made = try layerError { () throws(LayerError) in try context.tree.createLayer(kind: k, parent: p) }
                context.layerCount += 1
            }
            return made
        }
    }

    static let layerRemove: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t) -> rh_status_t = { host, layer in
        serve(host, "layer_remove", shown(layer)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard id != context.root else { throw ServiceError(RH_ERR_INVALID_LAYER, "the root layer cannot be removed") }
            let removed = context.tree.layerCount(under: id)
            try layerError { () throws(LayerError) in try context.tree.removeLayer(id) }
            context.layerCount -= removed
        }
    }

    static let layerSet: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_property_t, Double) -> rh_status_t = {
        host, layer, property, value in
        serve(host, "layer_set", shown(layer, shown(property: property), value)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            let props = try properties(property)
            // Check every target first so a refused value changes nothing.
            for p in props where !p.accepts(value) { throw ServiceError(LayerError.outOfRange(p, value)) }
            for p in props { try layerError { () throws(LayerError) in try context.tree.set(p, value, on: id) } }
            noteUndrawn(props, on: id, "layer_set", context)
        }
    }

    static let layerGet: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_property_t, UnsafeMutablePointer<Double>?) -> rh_status_t = {
        host, layer, property, out in
        serve(host, "layer_get", shown(layer, shown(property: property))) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let id = try owned(layer, context)
            let p = try properties(property)[0]
            out.pointee = try layerError { () throws(LayerError) in try context.tree.value(p, of: id) }
        }
    }

    static let layerSetColor: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_color_property_t, UnsafePointer<rh_color_t>?) -> rh_status_t = {
        host, layer, property, color in
        serve(host, "layer_set_color", shown(layer, shown(colorProperty: property), color)) { context throws(ServiceError) in
            guard let color else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "color is NULL") }
            let id = try owned(layer, context)
            let p = try colorProperty(property)
            let c = color.pointee
            try layerError { () throws(LayerError) in try context.tree.setColor(p, RGBA(c.r, c.g, c.b, c.a), on: id) }
            if context.tree.kind(of: id)?.draws(p) == false { context.noteNoEffect("layer_set_color", p.name, on: id) }
        }
    }

    static let layerGetColor: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_color_property_t, UnsafeMutablePointer<rh_color_t>?) -> rh_status_t = {
        host, layer, property, out in
        serve(host, "layer_get_color", shown(layer, property)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let id = try owned(layer, context)
            let p = try colorProperty(property)
            let c = try layerError { () throws(LayerError) in try context.tree.color(p, of: id) }
            out.pointee = rh_color_t(r: c.r, g: c.g, b: c.b, a: c.a)
        }
    }

    static let layerSetGradient: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_gradient_t>?) -> rh_status_t = {
        host, layer, gradient in
        serve(host, "layer_set_gradient", shown(layer, gradient)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard let gradient else {
                try layerError { () throws(LayerError) in try context.tree.setGradient(nil, on: id) }
                return
            }
            let model = try gradientModel(gradient, name: "gradient")
            try layerError { () throws(LayerError) in try context.tree.setGradient(model, on: id) }
        }
    }

    static let layerSetText: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<CChar>?) -> rh_status_t = {
        host, layer, utf8 in
        serve(host, "layer_set_text", shown(layer, utf8)) { context throws(ServiceError) in
            guard let utf8 else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "text is NULL") }
            let id = try owned(layer, context)
            guard strnlen(utf8, 1025) <= 1024 else { throw ServiceError(RH_ERR_LIMIT, "text is longer than 1024 bytes") }
            guard let text = String(validatingCString: utf8) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "text is not valid UTF-8")
            }
            try layerError { () throws(LayerError) in try context.tree.setText(text, on: id) }
        }
    }

    static let layerSetPath: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_path_element_t>?, Int) -> rh_status_t = {
        host, layer, elements, count in
        serve(host, "layer_set_path", shown(layer, elements, count)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard count >= 0, count <= Int(RH_PATH_MAX_ELEMENTS) else {
                throw ServiceError(RH_ERR_LIMIT, "\(count) path elements, more than \(RH_PATH_MAX_ELEMENTS)")
            }
            guard count == 0 || elements != nil else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "elements is NULL") }
            var path = try pathElements(elements, count, minor: context.pluginMinor)
            if let first = path.first, let start = first.startsWithoutPoint {
                path[0] = start
                context.adjustedInCall = true
                context.note(.misuse, .warning,
                             "layer_set_path: the path starts with a \(first.opName), which has no point to start from; "
                             + "drawn as a move-to its end point")
            }
            let shortened = try layerError { () throws(LayerError) in try context.tree.setPath(path, on: id) }
            if shortened > 0 {
                context.note(.misuse, .warning,
                             "layer_set_path: \(shortened) arc(s) swept more than \(Int(PathElement.maxArcTurns)) turns; "
                             + "shortened by whole turns (same outline, same end point)")
            }
        }
    }

    /// C path elements to the engine's. An op newer than the plugin's declared
    /// minor is unknown to it, so refused like any unknown op.
    static func pathElements(_ elements: UnsafePointer<rh_path_element_t>?, _ count: Int, minor: UInt32)
        throws(ServiceError) -> [PathElement]
    {
        var path: [PathElement] = []
        path.reserveCapacity(count)
        for i in 0..<count {
            let e = elements![i]
            let p = e.p
            switch Int(e.op) {
            case RH_PATH_MOVE_TO: path.append(.moveTo(x: p.0, y: p.1))
            case RH_PATH_LINE_TO: path.append(.lineTo(x: p.0, y: p.1))
            case RH_PATH_CURVE_TO: path.append(.curveTo(c1x: p.0, c1y: p.1, c2x: p.2, c2y: p.3, x: p.4, y: p.5))
            case RH_PATH_ARC: path.append(.arc(cx: p.0, cy: p.1, radius: p.2, startAngle: p.3, endAngle: p.4))
            case RH_PATH_CLOSE: path.append(.close)
            case RH_PATH_ARC_NEGATIVE where minor >= 2:
                path.append(.arcNegative(cx: p.0, cy: p.1, radius: p.2, startAngle: p.3, endAngle: p.4))
            default: throw ServiceError(RH_ERR_INVALID_ARGUMENT, "element \(i) has unknown op \(e.op)")
            }
        }
        return path
    }

    static let animateBegin: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<rh_timing_t>?) -> rh_status_t = {
        host, timing in
        serve(host, "animate_begin", shown(timing)) { context throws(ServiceError) in
            guard let timing else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "timing is NULL") }
            let (t, size) = try VersionedStruct.require(timing, minimum: FirstVersionSize.timing, name: "timing")
            let function = VersionedStruct.has(\rh_timing_t.function, in: size) ? t.function : nil
            let c = try curve(t.curve, damping: t.spring_damping, velocity: t.spring_velocity, function: function,
                              minor: context.pluginMinor, owner: "timing")
            let blockTiming = Timing(duration: t.duration, delay: t.delay, curve: c)
            try layerError { () throws(LayerError) in try context.tree.beginAnimation(blockTiming) }
            if blockTiming.validationError == nil, blockTiming.bounded != blockTiming {
                context.note(.misuse, .warning,
                             "animate_begin: duration \(t.duration) is under the \(Timing.minimumDuration) s minimum; "
                             + "the block's changes apply at once")
            }
            context.openBlocks += 1
        }
    }

    static let animateKeyframe: @convention(c) (UnsafePointer<rh_host_t>?, Double, Double) -> rh_status_t = {
        host, start, duration in
        serve(host, "animate_keyframe", shown(start, duration)) { context throws(ServiceError) in
            // Allowed in the plugin's own blocks and in a KEYFRAMES cycle block the host opened.
            try layerError { () throws(LayerError) in
                try context.tree.addKeyframe(relativeStart: start, relativeDuration: duration)
            }
        }
    }

    static let animateCommit: @convention(c) (UnsafePointer<rh_host_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, completion, user in
        serve(host, "animate_commit", shown(completion, user)) { context throws(ServiceError) in
            // The host's cycle block is not the plugin's to close.
            guard context.openBlocks > 0 else {
                throw ServiceError(RH_ERR_BAD_STATE, "no animate block of this instance is open")
            }
            try layerError { () throws(LayerError) in
                try context.tree.commitAnimation(completion: context.completion(completion, user))
            }
            context.openBlocks -= 1
        }
    }

    static let layerAddAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_basic_animation_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, completion, user in
        serve(host, "layer_add_animation", shown(layer, animation, completion, user)) { context throws(ServiceError) in
            try addBasic(context, layer, animation, completion, user, call: "layer_add_animation")
        }
    }

    /// layer_add_animation's work, shared with the extensions that add to it
    /// (rh.spring/1, rh.compose/1, rh.timeline/1): `options` says what they add.
    static func addBasic(
        _ context: InstanceContext, _ layer: rh_layer_t, _ animation: UnsafePointer<rh_basic_animation_t>?,
        _ completion: rh_completion_fn?, _ user: UnsafeMutableRawPointer?, call: String,
        options: AnimationOptions = AnimationOptions()
    ) throws(ServiceError) {
        guard let animation else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "animation is NULL") }
        let (a, size) = try VersionedStruct.require(animation, minimum: FirstVersionSize.basicAnimation, name: "animation")
        let id = try owned(layer, context)
        let props = try properties(a.property, effects: options.effects)
        var c = TimingCurve.linear
        var duration = a.duration
        if let spring = options.spring {
            // The spring replaces the curve; a duration of 0 is its settling duration.
            if duration == 0 { duration = context.springSettles.duration(of: spring).duration }
        } else {
            let function = VersionedStruct.has(\rh_basic_animation_t.function, in: size) ? a.function : nil
            c = try curve(a.curve, damping: 1, velocity: 0, function: function, minor: context.pluginMinor, owner: "animation")
            guard c.isBasicCurve else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "a key-path animation takes a linear, ease, cubic-bezier or steps curve")
            }
        }
        let done = context.completion(completion, user)
        // For RH_PROP_SCALE the completion rides on the x animation.
        for (i, p) in props.enumerated() {
            var basic = BasicAnimation(property: p, from: a.from, to: a.to, duration: duration, delay: a.delay,
                                       curve: c, repeatCount: a.repeat_count, autoreverses: a.autoreverse)
            basic.spring = options.spring
            basic.additive = options.additive
            basic.cumulative = options.cumulative
            if options.additive || options.cumulative, p.isDiscrete {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(p.name) snaps: it cannot be additive or cumulative")
            }
            try layerError { () throws(LayerError) in
                try context.tree.addAnimation(basic, to: id, completion: i == 0 ? done : nil, scrub: options.scrub)
            }
        }
        noteUndrawn(props, on: id, call, context)
    }

    static let layerRemoveAnimations: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t) -> rh_status_t = { host, layer in
        serve(host, "layer_remove_animations", shown(layer)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            try layerError { () throws(LayerError) in try context.tree.removeAnimations(on: id) }
        }
    }
}
