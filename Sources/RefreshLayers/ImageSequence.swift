/// Frames an image layer steps through on the tree's clock (ABI 1.2,
/// rh_image_sequence_t): frames[i] shows from delay + i x frameDuration after
/// the sequence starts, `repeatCount` passes in all, then the last frame stays.
/// No plugin call per frame: what shows is a function of timeline.now.
public struct ImageSequence: Equatable, Sendable {
    public var frames: [RasterImage]
    public var frameDuration: Double
    public var delay: Double
    /// Passes; 0 means 1; fractional allowed; .infinity for ever.
    public var repeatCount: Double

    /// RH_IMAGE_SEQUENCE_MAX.
    public static let maxFrames = 1024

    public init(frames: [RasterImage], frameDuration: Double, delay: Double = 0, repeatCount: Double = 0) {
        self.frames = frames
        self.frameDuration = frameDuration
        self.delay = delay
        self.repeatCount = repeatCount
    }

    /// Frame steps from the first frame to the end; .infinity for ever.
    var totalSteps: Double { Double(frames.count) * (repeatCount == 0 ? 1 : repeatCount) }

    /// From the first frame to the end, without the delay; .infinity for ever.
    public var activeDuration: Double { totalSteps * frameDuration }

    /// Why this sequence would be refused, or nil.
    public var validationError: LayerError? {
        guard !frames.isEmpty else { return .tooLarge("a sequence needs at least 1 frame") }
        guard frames.count <= Self.maxFrames else {
            return .tooLarge("a sequence of \(frames.count) frames (at most \(Self.maxFrames))")
        }
        if !(frameDuration.isFinite && frameDuration >= Timing.minimumDuration && frameDuration <= 3600) {
            return .invalidTiming("frame duration \(frameDuration) is not in [\(Timing.minimumDuration), 3600]")
        }
        if !(delay.isFinite && delay >= 0 && delay <= 3600) {
            return .invalidTiming("delay \(delay) is not in [0, 3600]")
        }
        if !(repeatCount >= 0) {  // also refuses NaN; +infinity is allowed
            return .invalidTiming("repeat count \(repeatCount) is negative or NaN")
        }
        return nil
    }

    /// The frame shown `t` seconds after the first frame (delay excluded): the
    /// first one before it, the last one shown once the passes are over.
    public func frame(atActiveTime t: Double) -> RasterImage {
        let steps = totalSteps
        // A frame boundary computed as start + i x duration may land a hair
        // before i in floating point: it belongs to frame i.
        let step = t <= 0 ? 0 : (t / frameDuration + 1e-9).rounded(.down)
        let index: Double
        if step < steps {
            index = step
        } else {
            index = (steps - 1e-9).rounded(.up) - 1
        }
        return frames[Int(index.truncatingRemainder(dividingBy: Double(frames.count)))]
    }
}

/// A running (or finished) sequence on one image layer.
final class SequenceRecord: CompletionRecord {
    let sequence: ImageSequence
    /// Absolute time of the first frame (now + delay when it was set).
    let start: Double
    /// start + activeDuration; .infinity for ever.
    let end: Double
    var completion: ((Bool) -> Void)?
    var timer: Timeline.TimerID?

    init(sequence: ImageSequence, start: Double, completion: ((Bool) -> Void)?) {
        self.sequence = sequence
        self.start = start
        self.end = start + sequence.activeDuration
        self.completion = completion
    }

    func isLive(at now: Double) -> Bool { end > now }

    func frame(at now: Double) -> RasterImage { sequence.frame(atActiveTime: now - start) }
}
