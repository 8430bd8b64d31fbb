import RefreshHostABI
import RefreshLayers

/// rh.spring/1 (ABI 1.5): CASpringAnimation's physical spring for animate blocks,
/// key-path and keyframe animations. The maths is the engine's (Spring).
extension HostServices {
    /// An rh_spring_t as the engine's Spring and its settling duration (the
    /// instance's remembered one: SpringSettles), refused as the header says.
    static func springModel(_ spring: UnsafePointer<rh_spring_t>?, _ context: InstanceContext)
        throws(ServiceError) -> (model: Spring, settlingDuration: Double) {
        guard let spring else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "spring is NULL") }
        let (s, _) = try VersionedStruct.require(spring, minimum: MemoryLayout<rh_spring_t>.size, name: "spring")
        let model = Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: s.initial_velocity)
        let (duration, problem) = context.springSettles.duration(of: model)
        if let problem { throw ServiceError(RH_ERR_OUT_OF_RANGE, problem) }
        return (model, duration)
    }

    static let springSettlingDuration: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<rh_spring_t>?, UnsafeMutablePointer<Double>?) -> rh_status_t = {
        host, spring, out in
        serve(host, "spring.settling_duration") { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            out.pointee = try springModel(spring, context).settlingDuration
        }
    }

    static let springAnimateBegin: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<rh_spring_t>?, Double) -> rh_status_t = {
        host, spring, delay in
        serve(host, "spring.animate_begin") { context throws(ServiceError) in
            let (model, settle) = try springModel(spring, context)
            guard delay.isFinite, delay >= 0, delay <= 3600 else {
                throw ServiceError(RH_ERR_OUT_OF_RANGE, "delay \(delay) is not in [0, 3600]")
            }
            let timing = Timing(duration: settle, delay: delay, curve: .linear, spring: model)
            try layerError { () throws(LayerError) in try context.tree.beginAnimation(timing) }
            context.openBlocks += 1
        }
    }

    static let springAddAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_basic_animation_t>?, UnsafePointer<rh_spring_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, spring, completion, user in
        serve(host, "spring.layer_add_animation") { context throws(ServiceError) in
            let model = try springModel(spring, context).model
            try addBasic(context, layer, animation, completion, user, call: "spring.layer_add_animation",
                         options: AnimationOptions(spring: model))
        }
    }

    static let springAddKeyframeAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_keyframe_animation_t>?, UnsafePointer<rh_spring_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, spring, completion, user in
        serve(host, "spring.layer_add_keyframe_animation") { context throws(ServiceError) in
            let model = try springModel(spring, context).model
            try addKeyframes(context, layer, animation, completion, user, call: "spring.layer_add_keyframe_animation",
                             options: AnimationOptions(spring: model))
        }
    }
}
