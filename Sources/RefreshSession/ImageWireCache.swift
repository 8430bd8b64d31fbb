import RefreshWorker
import RefreshLayers

/// The images one worker connection has carried, so each image's pixels
/// cross the pipe once and later frames name it by serial. Each end of a
/// connection keeps its own (the worker as sender, the supervisor as
/// receiver); the sender decides what both forget, and says so in the frame,
/// so the two stay in step without the receiver guessing.
///
/// A frame's image section: the serials to forget, then the new images
/// (serial, width, height, scale, pixels); its layers then name images by serial.
/// The receiver checks everything: sides in [1, RH_IMAGE_MAX_SIDE], the pixel
/// byte count, at most `maxBytes` held, and no serial it does not hold.
public final class ImageWireCache {
    /// Pixels one connection may hold at once: twice an instance's
    /// RH_IMAGE_MAX_BYTES, so everything a style can show at once fits with
    /// room to keep what it showed a moment ago (a sequence's other frames).
    public static let maxBytes = 2 * RasterImage.maxBytesPerInstance
    /// The most images one frame may bring.
    static let maxNewPerFrame = 4096

    public let limit: Int

    // Sender: the serials sent and held, with when each was last used.
    private var sent: [UInt64: (bytes: Int, lastUse: UInt64)] = [:]
    private var sentBytes = 0
    private var frameNumber: UInt64 = 0

    // Receiver: by the sender's serial, the image as this process names it.
    private var received: [UInt64: RasterImage] = [:]
    private var receivedBytes = 0

    public init(limit: Int = ImageWireCache.maxBytes) {
        self.limit = limit
    }

    /// Pixel bytes held at this end now.
    public var heldBytes: Int { max(sentBytes, receivedBytes) }
    public var heldCount: Int { max(sent.count, received.count) }

    // MARK: Sending

    /// Writes the image section for `layers`: what to forget, what is new.
    func encodeImages(of layers: [LayerSnapshot], into w: inout WireWriter) {
        frameNumber += 1
        var inFrame: [RasterImage] = []
        var seen: Set<UInt64> = []
        for layer in layers {
            if let image = layer.image, seen.insert(image.serial).inserted { inFrame.append(image) }
        }
        let fresh = inFrame.filter { sent[$0.serial] == nil }
        for image in inFrame where sent[image.serial] != nil { sent[image.serial]?.lastUse = frameNumber }
        // Least recently used first, serial breaking ties, so eviction never depends on hash order.
        var forget: [UInt64] = []
        let needed = fresh.reduce(0) { $0 + $1.byteCount }
        if sentBytes + needed > limit {
            let candidates = sent.filter { !seen.contains($0.key) }
                .sorted { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }
            for (serial, entry) in candidates where sentBytes + needed > limit {
                forget.append(serial)
                sent[serial] = nil
                sentBytes -= entry.bytes
            }
        }
        w.u32(UInt32(forget.count))
        for serial in forget { w.u64(serial) }
        w.u32(UInt32(fresh.count))
        for image in fresh {
            w.u64(image.serial)
            w.u32(UInt32(image.width))
            w.u32(UInt32(image.height))
            w.f64(image.scale)
            w.raw(image.pixels)
            sent[image.serial] = (image.byteCount, frameNumber)
            sentBytes += image.byteCount
        }
    }

    // MARK: Receiving

    /// Reads an image section, checking it, and applies it.
    func decodeImages(_ r: inout WireReader) throws(WireError) {
        let forgetCount = try r.count(max: received.count, of: "images to forget")
        for _ in 0..<forgetCount {
            let serial = try r.u64()
            guard let image = received.removeValue(forKey: serial) else {
                throw WireError("the worker forgets image \(serial), which it never sent")
            }
            receivedBytes -= image.byteCount
        }
        let newCount = try r.count(max: Self.maxNewPerFrame, of: "new images in a frame")
        for _ in 0..<newCount {
            let serial = try r.u64()
            guard serial != 0, received[serial] == nil else {
                throw WireError("image \(serial) is sent twice or is 0")
            }
            let width = Int(try r.u32()), height = Int(try r.u32())
            guard (1...RasterImage.maxSide).contains(width), (1...RasterImage.maxSide).contains(height) else {
                throw WireError("image \(serial) is \(width) x \(height); each side must be in [1, \(RasterImage.maxSide)]")
            }
            let scale = try r.f64()
            guard RasterImage.scales.contains(scale) else {
                throw WireError("image \(serial) has scale \(scale); it must be in [1, 3]")
            }
            let bytes = width * height * 4
            guard receivedBytes + bytes <= limit else {
                throw WireError("image \(serial) would hold \(receivedBytes + bytes) bytes of images, over the \(limit)-byte limit")
            }
            let pixels = Array(try r.raw(bytes))
            // A serial of this process: renderers key on it, and two workers' serials may collide.
            received[serial] = RasterImage(serial: RasterImage.nextSerial(), width: width, height: height, pixels: pixels,
                                           scale: scale)
            receivedBytes += bytes
        }
    }

    /// The image a layer names; 0 is none.
    func image(_ serial: UInt64, layer: LayerID) throws(WireError) -> RasterImage? {
        guard serial != 0 else { return nil }
        guard let image = received[serial] else { throw WireError("layer \(layer) shows image \(serial), which was never sent") }
        return image
    }
}
