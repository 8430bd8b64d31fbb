/// Something that turns frames, in order, into an animation file.
public protocol AnimationWriter: AnyObject {
    /// Adds a frame shown from `from` until `until` (seconds from the start).
    func add(_ frame: Bitmap, from: Double, until: Double) throws
    /// The same, for pixels lent only for this call (FrameRenderer.withFrame):
    /// an encoder that reads them at once takes them as they are; by default
    /// they are copied.
    func add(_ frame: BitmapView, from: Double, until: Double) throws
    /// Writes what is left and closes the file.
    func finish() throws
    /// How many frames the file holds, once `finish` returned: fewer than
    /// were added when the encoder merged a frame into the one before it.
    var framesWritten: Int { get }
}

extension AnimationWriter {
    public func add(_ frame: BitmapView, from: Double, until: Double) throws {
        try add(frame.copy, from: from, until: until)
    }
}
