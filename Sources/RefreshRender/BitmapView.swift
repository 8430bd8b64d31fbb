/// A frame's pixels lent by FrameRenderer without a copy, in Bitmap's layout
/// (cairo's ARGB32: BGRA bytes, premultiplied, `stride` bytes a row). Valid
/// only inside the closure it is passed to: the next frame is drawn over the
/// same memory. A caller that keeps the pixels takes `copy`.
public struct BitmapView {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(width: Int, height: Int, stride: Int, bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count >= stride * height, "BitmapView: \(bytes.count) bytes for \(height) rows of \(stride)")
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// The pixels, copied into a Bitmap that outlives the view.
    public var copy: Bitmap { Bitmap(width: width, height: height, stride: stride, bytes: Array(bytes)) }
}

extension Bitmap {
    /// The bitmap's own bytes as a view, for `body`.
    public func withView<T>(_ body: (BitmapView) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { try body(BitmapView(width: width, height: height, stride: stride, bytes: $0)) }
    }
}
