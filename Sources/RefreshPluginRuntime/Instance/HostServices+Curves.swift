import RefreshHostABI
import RefreshLayers

/// rh_curve_t and (ABI 1.2) rh_timing_function_t to the engine's curves, for
/// animate blocks, key-path animations and keyframe segments.
extension HostServices {
    /// rh_curve_t to the engine's curve. CUBIC_BEZIER and STEPS (1.2) take their
    /// parameters from `function`, which is nil when the struct the plugin wrote
    /// does not reach it; a plugin that declares less than 1.2 never knew them.
    /// `owner` names the struct in messages ("timing", "animation").
    static func curve(
        _ raw: rh_curve_t, damping: Double, velocity: Double, function: rh_timing_function_t?,
        minor: UInt32, owner: String
    ) throws(ServiceError) -> TimingCurve {
        switch Int(raw) {
        case RH_CURVE_LINEAR: return .linear
        case RH_CURVE_EASE_IN: return .easeIn
        case RH_CURVE_EASE_OUT: return .easeOut
        case RH_CURVE_EASE_IN_OUT: return .easeInOut
        case RH_CURVE_KEYFRAMES: return .keyframes
        case RH_CURVE_SPRING: return .spring(damping: damping, initialVelocity: velocity)
        case RH_CURVE_CUBIC_BEZIER where minor >= 2, RH_CURVE_STEPS where minor >= 2:
            guard let function else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT,
                                   "curve \(raw) needs \(owner).function, which \(owner).struct_size does not reach")
            }
            guard function.curve == raw else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT,
                                   "\(owner).function.curve \(function.curve) differs from \(owner).curve \(raw)")
            }
            return try parameterised(function, name: "\(owner).function")
        default: throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown curve \(raw)")
        }
    }

    /// A keyframe segment's timing function: LINEAR, EASE_*, CUBIC_BEZIER or STEPS.
    static func segmentCurve(_ f: rh_timing_function_t, name: String) throws(ServiceError) -> TimingCurve {
        switch Int(f.curve) {
        case RH_CURVE_LINEAR: return .linear
        case RH_CURVE_EASE_IN: return .easeIn
        case RH_CURVE_EASE_OUT: return .easeOut
        case RH_CURVE_EASE_IN_OUT: return .easeInOut
        case RH_CURVE_CUBIC_BEZIER, RH_CURVE_STEPS: return try parameterised(f, name: name)
        case RH_CURVE_SPRING, RH_CURVE_KEYFRAMES:
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name).curve \(f.curve): a keyframe segment takes a linear, ease, cubic-bezier or steps curve")
        default: throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name).curve \(f.curve) is unknown")
        }
    }

    /// A CUBIC_BEZIER or STEPS function's parameters. Their ranges are the
    /// engine's to check (RH_ERR_OUT_OF_RANGE); an unknown step position is an
    /// unknown enum value.
    private static func parameterised(_ f: rh_timing_function_t, name: String) throws(ServiceError) -> TimingCurve {
        if Int(f.curve) == RH_CURVE_CUBIC_BEZIER { return .cubicBezier(x1: f.x1, y1: f.y1, x2: f.x2, y2: f.y2) }
        guard f.step_position == rh_step_position_t(RH_STEP_JUMP_END) || f.step_position == rh_step_position_t(RH_STEP_JUMP_START)
        else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(name).step_position \(f.step_position) is unknown") }
        // Steps beyond the maximum stay beyond it (Int holds every uint32), so the engine refuses them.
        return .steps(Int(f.steps), jumpStart: f.step_position == rh_step_position_t(RH_STEP_JUMP_START))
    }
}
