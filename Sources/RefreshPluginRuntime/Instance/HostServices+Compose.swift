import RefreshHostABI
import RefreshLayers

/// rh.compose/1 (ABI 1.5): Core Animation's additive and cumulative flags.
extension HostServices {
    static func composeOptions(_ flags: UInt32) throws(ServiceError) -> AnimationOptions {
        guard flags & ~UInt32(RH_COMPOSE_KNOWN) == 0 else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "flags 0x\(String(flags, radix: 16, uppercase: true)) has unknown bits")
        }
        return AnimationOptions(additive: flags & UInt32(RH_COMPOSE_ADDITIVE) != 0,
                                cumulative: flags & UInt32(RH_COMPOSE_CUMULATIVE) != 0)
    }

    static let composeAddAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_basic_animation_t>?, UInt32, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, flags, completion, user in
        serve(host, "compose.layer_add_animation") { context throws(ServiceError) in
            try addBasic(context, layer, animation, completion, user, call: "compose.layer_add_animation",
                         options: try composeOptions(flags))
        }
    }

    static let composeAddKeyframeAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_keyframe_animation_t>?, UInt32, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, flags, completion, user in
        serve(host, "compose.layer_add_keyframe_animation") { context throws(ServiceError) in
            try addKeyframes(context, layer, animation, completion, user, call: "compose.layer_add_keyframe_animation",
                             options: try composeOptions(flags))
        }
    }
}
