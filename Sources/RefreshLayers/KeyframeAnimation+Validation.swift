/// The rules of rh_keyframe_animation_t. A non-finite number is described as
/// "<name> = nan" (or inf), the form the validator counts as a non-finite value.
extension KeyframeAnimation {
    /// Why this animation would be refused, or nil.
    public var validationError: LayerError? {
        guard count >= 2, count <= Self.maxCount else {
            return .invalidKeyframes("count = \(count) is out of range [2, \(Self.maxCount)]")
        }
        if let error = timingError { return error }
        if let error = compositionError { return error }
        return valuesError
    }

    /// ABI 1.5: a spring must be valid; additive and cumulative need numbers that do not snap.
    private var compositionError: LayerError? {
        if let problem = spring?.problem { return .invalidKeyframes(problem) }
        guard additive || cumulative else { return nil }
        guard case let .numbers(property, _) = values else {
            return .mismatchedKeyframes("only numbers can be additive or cumulative")
        }
        if property.isDiscrete { return .mismatchedKeyframes("\(property.name) snaps: it cannot be additive or cumulative") }
        return nil
    }

    private var timingError: LayerError? {
        if let keyTimes {
            guard keyTimes.count == count else {
                return .invalidKeyframes("\(keyTimes.count) key times for \(count) values")
            }
            var previous = 0.0
            for (i, t) in keyTimes.enumerated() {
                guard t.isFinite, t >= 0, t <= 1 else { return .invalidKeyframes("key_times[\(i)] = \(t) is out of range [0, 1]") }
                guard t >= previous else {
                    return .invalidKeyframes("key_times[\(i)] = \(t) is below key_times[\(i - 1)] = \(previous)")
                }
                previous = t
            }
            if keyTimes[0] != 0 { return .invalidKeyframes("key_times[0] = \(keyTimes[0]); the first key time must be 0") }
            if keyTimes[count - 1] != 1 {
                return .invalidKeyframes("key_times[\(count - 1)] = \(keyTimes[count - 1]); the last key time must be 1")
            }
        }
        if let functions {
            guard functions.count == count - 1 else {
                return .invalidKeyframes("\(functions.count) timing functions for \(count - 1) segments")
            }
            for (i, f) in functions.enumerated() {
                guard f.isBasicCurve else {
                    return .invalidKeyframes("functions[\(i)]: a keyframe segment takes a linear, ease, cubic-bezier or steps curve")
                }
                if let problem = f.problem { return .invalidKeyframes("functions[\(i)]: \(problem)") }
            }
        }
        guard duration.isFinite, duration >= Timing.minimumDuration, duration <= 3600 else {
            return .invalidKeyframes("duration = \(duration) is out of range [\(Timing.minimumDuration), 3600]")
        }
        guard delay.isFinite, delay >= 0, delay <= 3600 else {
            return .invalidKeyframes("delay = \(delay) is out of range [0, 3600]")
        }
        guard repeatCount >= 0 else {  // also refuses NaN; +infinity is allowed
            return .invalidKeyframes("repeat_count = \(repeatCount) is negative or NaN")
        }
        // As for key-path animations: one that ends where it starts could loop at one instant.
        guard activeDuration >= Timing.minimumDuration else {
            return .invalidKeyframes("it lasts \(activeDuration) s in all, less than the \(Timing.minimumDuration) s minimum")
        }
        return nil
    }

    private var valuesError: LayerError? {
        switch values {
        case let .numbers(property, numbers):
            for (i, v) in numbers.enumerated() where !property.accepts(v) {
                return .invalidKeyframes("numbers[\(i)]: \(LayerError.outOfRange(property, v))")
            }
        case let .colors(_, colors):
            for (i, c) in colors.enumerated() {
                for (name, v) in [("r", c.r), ("g", c.g), ("b", c.b), ("a", c.a)] where !(v.isFinite && v >= 0 && v <= 1) {
                    return .invalidKeyframes("colors[\(i)].\(name) = \(v) is out of range [0, 1]")
                }
            }
        case let .paths(paths):
            for (i, path) in paths.enumerated() {
                guard path.count <= PathElement.maxCount else {
                    return .tooLarge("paths[\(i)] has \(path.count) elements (at most \(PathElement.maxCount))")
                }
                for (j, e) in path.enumerated() {
                    for (slot, v) in e.numbers.enumerated() where !(v.isFinite && abs(v) <= PathElement.maxNumber) {
                        return .invalidKeyframes("paths[\(i)] element \(j): \(LayerError.outOfRange(e.propertyForNumber(at: slot), v))")
                    }
                }
                if let why = Morph.pathMismatch(paths[0], path) {
                    return .mismatchedKeyframes("paths[\(i)] \(why): a morph needs the same elements in the same order")
                }
            }
        case let .gradients(gradients):
            for (i, g) in gradients.enumerated() {
                if let problem = g.problem { return .invalidGradient("gradients[\(i)]: \(problem)") }
                if let why = Morph.gradientMismatch(gradients[0], g) {
                    return .mismatchedKeyframes("gradients[\(i)] \(why): gradients tween stop by stop")
                }
            }
        }
        return nil
    }
}
