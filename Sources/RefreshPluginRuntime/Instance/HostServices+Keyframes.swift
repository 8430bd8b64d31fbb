import RefreshHostABI
import RefreshLayers

/// ABI 1.2: keyframe animations (numbers, colours, path morphs, gradients).
/// The C structs are read and their enums and pointers checked here; the
/// values' rules (ranges, key times, timing, morph structure) are the
/// engine's (KeyframeAnimation.validationError), so a Swift caller gets the same.
extension HostServices {
    static func installKeyframes(_ t: inout rh_host_t) {
        t.layer_add_keyframe_animation = layerAddKeyframeAnimation
    }

    static let layerAddKeyframeAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_keyframe_animation_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, completion, user in
        serve(host, "layer_add_keyframe_animation", shown(layer, animation, completion, user)) { context throws(ServiceError) in
            try addKeyframes(context, layer, animation, completion, user, call: "layer_add_keyframe_animation")
        }
    }

    /// layer_add_keyframe_animation's work, shared with the extensions that add to it
    /// (rh.spring/1, rh.compose/1, rh.timeline/1): `options` says what they add.
    static func addKeyframes(
        _ context: InstanceContext, _ layer: rh_layer_t, _ animation: UnsafePointer<rh_keyframe_animation_t>?,
        _ completion: rh_completion_fn?, _ user: UnsafeMutableRawPointer?, call: String,
        options: AnimationOptions = AnimationOptions()
    ) throws(ServiceError) {
        guard let animation else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "animation is NULL") }
        let (a, _) = try VersionedStruct.require(animation, minimum: MemoryLayout<rh_keyframe_animation_t>.size, name: "animation")
        let id = try owned(layer, context)
        // Counted before any array is read, so a wild count reads nothing.
        guard a.count >= 2, a.count <= UInt32(RH_KEYFRAMES_MAX) else {
            throw ServiceError(RH_ERR_OUT_OF_RANGE, "count = \(a.count) is out of range [2, \(RH_KEYFRAMES_MAX)]")
        }
        let count = Int(a.count)
        let values = try keyframeValues(a, count: count, minor: context.pluginMinor, effects: options.effects)
        let keyTimes = a.key_times.map { times in (0..<count).map { times[$0] } }
        var functions: [TimingCurve]?
        if let f = a.functions, options.spring == nil {
            var curves: [TimingCurve] = []
            for i in 0..<(count - 1) { curves.append(try segmentCurve(f[i], name: "functions[\(i)]")) }
            functions = curves
        }
        var model = KeyframeAnimation(values, keyTimes: keyTimes, functions: functions, duration: a.duration,
                                      delay: a.delay, repeatCount: a.repeat_count, autoreverses: a.autoreverse)
        model.spring = options.spring
        model.additive = options.additive
        model.cumulative = options.cumulative
        // As layer_set_path: a path that opens with a line-to or curve-to starts with a move-to its end point.
        var adjusted: PathElement?
        if case .paths(var paths) = values, let first = paths.first?.first, first.startsWithoutPoint != nil {
            for i in paths.indices { if let start = paths[i].first?.startsWithoutPoint { paths[i][0] = start } }
            model.values = .paths(paths)
            adjusted = first
        }
        let shortened = try layerError { () throws(LayerError) in
            try context.tree.addKeyframeAnimation(model, to: id, completion: context.completion(completion, user),
                                                  scrub: options.scrub)
        }
        // Reported once it is certain the call succeeded: an error's one line is its only line.
        if let adjusted {
            context.adjustedInCall = true
            context.note(.misuse, .warning,
                         "\(call): the paths start with a \(adjusted.opName), which has no point to "
                         + "start from; drawn as a move-to its end point")
        }
        switch values {
        case .numbers(let p, _): noteUndrawn([p], on: id, call, context)
        case .colors(let p, _) where context.tree.kind(of: id)?.draws(p) == false:
            context.noteNoEffect(call, p.name, on: id)
        default: break
        }
        if shortened > 0 {
            context.note(.misuse, .warning,
                         "\(call): \(shortened) arc(s) swept more than \(Int(PathElement.maxArcTurns)) "
                         + "turns; shortened by whole turns (same outline, same end point)")
        }
    }

    /// The kind, property and values array of a keyframe animation, each checked as a C value.
    private static func keyframeValues(_ a: rh_keyframe_animation_t, count: Int, minor: UInt32, effects: Bool)
        throws(ServiceError) -> KeyframeAnimation.Values
    {
        func missing(_ name: String) -> ServiceError { ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name) is NULL") }
        guard !effects || Int(a.kind) == RH_VALUE_NUMBER else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "kind \(a.kind): an effect's keyframes are numbers (RH_VALUE_NUMBER)")
        }
        switch Int(a.kind) {
        case RH_VALUE_NUMBER:
            guard Int(a.property) != RH_PROP_SCALE else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "property \(a.property) (RH_PROP_SCALE) cannot have a keyframe animation; animate SCALE_X and SCALE_Y")
            }
            let property = try properties(a.property, effects: effects)[0]
            guard let numbers = a.numbers else { throw missing("numbers") }
            return .numbers(property, (0..<count).map { numbers[$0] })
        case RH_VALUE_COLOR:
            let property = try colorProperty(a.property)
            guard let colors = a.colors else { throw missing("colors") }
            return .colors(property, (0..<count).map { RGBA(colors[$0].r, colors[$0].g, colors[$0].b, colors[$0].a) })
        case RH_VALUE_PATH:
            guard a.property == 0 else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "property \(a.property) must be 0 for a path") }
            guard let paths = a.paths else { throw missing("paths") }
            var result: [[PathElement]] = []
            for i in 0..<count {
                let p = paths[i]
                guard p.count <= Int(RH_PATH_MAX_ELEMENTS) else {
                    throw ServiceError(RH_ERR_LIMIT, "paths[\(i)] has \(p.count) elements, more than \(RH_PATH_MAX_ELEMENTS)")
                }
                guard p.count == 0 || p.elements != nil else { throw missing("paths[\(i)].elements") }
                do { result.append(try pathElements(p.elements, p.count, minor: minor)) } catch {
                    throw ServiceError(Int(error.status), "paths[\(i)]: \(error.message)")
                }
            }
            return .paths(result)
        case RH_VALUE_GRADIENT:
            guard a.property == 0 else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "property \(a.property) must be 0 for a gradient") }
            guard let gradients = a.gradients else { throw missing("gradients") }
            var result: [Gradient] = []
            for i in 0..<count { result.append(try gradientModel(gradients + i, name: "gradients[\(i)]")) }
            return .gradients(result)
        default:
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown value kind \(a.kind)")
        }
    }

    /// An rh_gradient_t as the engine's Gradient (layer_set_gradient and keyframe
    /// gradients): struct_size, kind, stop count and stops checked; the values'
    /// ranges are the engine's to check.
    static func gradientModel(_ gradient: UnsafePointer<rh_gradient_t>, name: String) throws(ServiceError) -> Gradient {
        let (g, size) = try VersionedStruct.require(gradient, minimum: FirstVersionSize.gradient, name: name)
        // A 1.1 gradient has no kind: linear. A kind newer than the plugin's minor is unknown to it.
        let kindRaw = VersionedStruct.has(\rh_gradient_t.kind, in: size) ? g.kind : rh_gradient_kind_t(RH_GRADIENT_LINEAR)
        guard let kind = Gradient.Kind(rawValue: kindRaw) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown gradient kind \(kindRaw)")
        }
        // Counted before the stops are read, so a wild count reads nothing.
        guard g.stop_count >= 2, g.stop_count <= UInt32(RH_GRADIENT_MAX_STOPS) else {
            throw ServiceError(RH_ERR_OUT_OF_RANGE, "\(name) has \(g.stop_count) stops (2 to \(RH_GRADIENT_MAX_STOPS))")
        }
        guard let stops = g.stops else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name).stops is NULL") }
        return Gradient(
            startX: g.start_x, startY: g.start_y, endX: g.end_x, endY: g.end_y,
            stops: (0..<Int(g.stop_count)).map {
                let s = stops[$0]
                return Gradient.Stop(s.offset, RGBA(s.color.r, s.color.g, s.color.b, s.color.a))
            }, kind: kind)
    }
}
