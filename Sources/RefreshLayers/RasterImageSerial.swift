import Synchronization

/// Process-wide serials for RasterImage: a serial names one image's pixels,
/// so two images never share one, whichever instance, thread or worker
/// connection made them (renderers and the wire cache key on it).
extension RasterImage {
    private static let lastSerial = Atomic<UInt64>(0)

    /// A serial no other image of this process has had.
    public static func nextSerial() -> UInt64 {
        lastSerial.add(1, ordering: .relaxed).newValue
    }
}
