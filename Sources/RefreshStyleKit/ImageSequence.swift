import RefreshHostABI

/// Frames an image layer steps through on the host's clock (ABI 1.2), so a
/// frame-sequence style needs no call per frame: frame i shows from
/// `delay + i * frameDuration`; after the last the sequence starts again,
/// `repeatCount` passes in all, and then the last frame stays.
public struct ImageSequence: Hashable {
    /// 1 to `maxFrames` images of this instance; one may repeat.
    public var frames: [Image]
    /// Seconds a frame, > 0.
    public var frameDuration: Double
    /// The first frame shows until then.
    public var delay: Double
    /// Passes; 1 by default, fractional allowed, `.infinity` for ever.
    public var repeatCount: Double

    /// RH_IMAGE_SEQUENCE_MAX.
    public static let maxFrames = Int(RH_IMAGE_SEQUENCE_MAX)

    public init(_ frames: [Image], frameDuration: Double, delay: Double = 0, repeatCount: Double = 1) {
        self.frames = frames
        self.frameDuration = frameDuration
        self.delay = delay
        self.repeatCount = repeatCount
    }
}

extension Layer {
    /// Steps this image layer through `sequence`, starting now. `completion`
    /// runs once: true when the passes are over (never, for `.infinity`),
    /// false when an image, another sequence, removeAllAnimations or removal
    /// replaces it, or when the host refused it.
    @discardableResult
    public func show(_ sequence: ImageSequence, completion: ((Bool) -> Void)? = nil) -> Status {
        let raw = host.raw
        guard let play = raw.pointee.layer_set_image_sequence else {
            completion?(false)
            return .badState
        }
        return sequence.frames.map(\.handle).withUnsafeBufferPointer { frames in
            var s = rh_image_sequence_t(
                struct_size: UInt32(MemoryLayout<rh_image_sequence_t>.size), count: UInt32(clamping: frames.count),
                frames: frames.baseAddress, frame_duration: sequence.frameDuration, delay: sequence.delay,
                repeat_count: sequence.repeatCount)
            guard let completion else { return Status(play(raw, handle, &s, nil, nil)) }
            let user = PendingCompletions.register(owner: host.owner, completion)
            let result = Status(play(raw, handle, &s, PendingCompletions.trampoline, user))
            if !result.succeeded { PendingCompletions.take(user)?(false) }
            return result
        }
    }

    /// Stops a sequence; the frame on screen stays.
    @discardableResult
    public func stopSequence() -> Status {
        let raw = host.raw
        return status(raw.pointee.layer_set_image_sequence?(raw, handle, nil, nil, nil))
    }
}
