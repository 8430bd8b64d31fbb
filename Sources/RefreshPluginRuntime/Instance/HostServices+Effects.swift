import RefreshHostABI
import RefreshLayers

/// rh.effects/1 (ABI 1.5): a layer's Gaussian blur and compositing operator.
/// The effects are engine properties of their own (LayerProperty.effectCases),
/// so setting, animate blocks and animations are the core's code; only the ids
/// differ (RH_EFFECT_*, which the core's functions refuse).
extension HostServices {
    static func effectProperty(_ raw: rh_property_t) throws(ServiceError) -> LayerProperty {
        switch Int(raw) {
        case RH_EFFECT_BLUR_RADIUS: .blurRadius
        case RH_EFFECT_COMPOSITE: .compositeOperator
        default: throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown effect property \(raw)")
        }
    }

    static let effectsSet: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_effect_property_t, Double) -> rh_status_t = {
        host, layer, property, value in
        serve(host, "effects.set", shown(layer, shown(effectProperty: property), value)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            let p = try effectProperty(property)
            try layerError { () throws(LayerError) in try context.tree.set(p, value, on: id) }
        }
    }

    static let effectsGet: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_effect_property_t, Bool, UnsafeMutablePointer<Double>?) -> rh_status_t = {
        host, layer, property, presentation, out in
        serve(host, "effects.get", shown(layer, shown(effectProperty: property), presentation)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let id = try owned(layer, context)
            let p = try effectProperty(property)
            out.pointee = try layerError { () throws(LayerError) in
                try presentation ? context.tree.presentationValue(p, of: id) : context.tree.value(p, of: id)
            }
        }
    }

    static let effectsAddAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_basic_animation_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, completion, user in
        serve(host, "effects.layer_add_animation", shown(layer, animation, completion, user)) { context throws(ServiceError) in
            try addBasic(context, layer, animation, completion, user, call: "effects.layer_add_animation",
                         options: AnimationOptions(effects: true))
        }
    }

    static let effectsAddKeyframeAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_keyframe_animation_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, animation, completion, user in
        serve(host, "effects.layer_add_keyframe_animation", shown(layer, animation, completion, user)) { context throws(ServiceError) in
            try addKeyframes(context, layer, animation, completion, user, call: "effects.layer_add_keyframe_animation",
                             options: AnimationOptions(effects: true))
        }
    }
}
