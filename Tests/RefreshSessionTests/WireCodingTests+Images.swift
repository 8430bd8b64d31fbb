import RefreshHostController
import RefreshWorker
import RefreshLayers
@testable import RefreshSession
import Testing

/// A root with image layers showing `images` in turn (nil: a layer with none).
func imageLayers(_ images: [RasterImage?]) throws -> [LayerSnapshot] {
    let tree = LayerTree(timeline: Timeline())
    let root = try tree.createLayer(kind: .rect, parent: nil)
    for image in images {
        let layer = try tree.createLayer(kind: .image, parent: root)
        try tree.setImage(image, on: layer)
    }
    return tree.snapshot(root: root)
}

/// A `width` x `height` image whose pixels are all `level`.
func solidImage(_ width: Int, _ height: Int, level: UInt8) -> RasterImage {
    RasterImage(serial: RasterImage.nextSerial(), width: width, height: height,
                pixels: [UInt8](repeating: level, count: width * height * 4))
}

/// An image section by hand, then one root layer: what a scribbled-on worker might send.
func handMadeFrame(_ section: (inout WireWriter) -> Void) throws -> [UInt8] {
    var w = WireWriter()
    w.u32(SessionProtocol.magic)
    w.u8(2)
    // time, until, pull, header top, list offset, list stretch; header not in front, not a footer.
    for v in [1.0, 1.0, 0, 0, 0, 0] { w.f64(v) }
    w.bool(true)  // with layers
    w.bool(false)
    w.bool(false)
    w.u8(UInt8(RefreshState.idle.rawValue))
    w.u32(0); w.u32(0); w.bool(false)
    section(&w)
    // The layers of an image-free frame, after its own (empty) image section.
    var rest = WireWriter()
    SnapshotCoding.encode(try imageLayers([]), into: &rest)
    w.raw(Array(rest.bytes.dropFirst(8)))
    w.bool(false)  // not at rest
    return w.bytes
}

extension WireCodingTests {
    @Test("an image's pixels cross once per connection; later frames name it, and decode to the same pixels")
    func imagesOnce() throws {
        let a = solidImage(40, 30, level: 7), b = solidImage(2, 2, level: 200)
        let layers = try imageLayers([a, a, nil, b])
        let sender = ImageWireCache(), receiver = ImageWireCache()
        let first = frameMessage(layers).encoded(images: sender).bytes
        let second = frameMessage(layers).encoded(images: sender).bytes
        // The first frame carries both images' pixels (a once, though two layers show it) with serial, size and scale; the second none.
        #expect(first.count - second.count == a.byteCount + b.byteCount + 2 * (8 + 4 + 4 + 8))
        let one = try SessionMessage(decoding: first, images: receiver)
        let two = try SessionMessage(decoding: second, images: receiver)
        #expect(one == frameMessage(layers))
        #expect(two == frameMessage(layers))
        guard case let .frame(f1) = one, case let .frame(f2) = two else { Issue.record("not frames"); return }
        // Decoded images compare by their pixels; one decoded image per serial, shared by the layers and frames that show it.
        #expect(f1.layers[1].image === f1.layers[2].image)
        #expect(f1.layers[1].image === f2.layers[1].image)
        #expect(receiver.heldBytes == a.byteCount + b.byteCount)
        // A fresh receiver has not seen the images the second frame only names.
        let error = #expect(throws: WireError.self) { try SessionMessage(decoding: second, images: ImageWireCache()) }
        #expect(error?.description.contains("which was never sent") == true)
    }

    @Test("past the byte limit the sender forgets the least recently used images, and both ends stay in step")
    func eviction() throws {
        let images = (0..<6).map { solidImage(4, 4, level: UInt8($0 * 40)) }
        let limit = 3 * images[0].byteCount
        let sender = ImageWireCache(limit: limit), receiver = ImageWireCache(limit: limit)
        // A sequence-like walk that keeps coming back to earlier images.
        for k in [0, 1, 2, 3, 0, 4, 5, 1, 1, 2, 0, 5, 3, 4] {
            let layers = try imageLayers([images[k], images[(k + 1) % 6]])
            let decoded = try SessionMessage(decoding: frameMessage(layers).encoded(images: sender).bytes, images: receiver)
            #expect(decoded == frameMessage(layers))
            #expect(receiver.heldBytes <= limit && receiver.heldBytes == sender.heldBytes)
        }
    }

    @Test("an @2x image crosses with its scale")
    func imageScale() throws {
        let twice = RasterImage(serial: 5, samePixelsAs: solidImage(6, 4, level: 3), scale: 2)
        let message = frameMessage(try imageLayers([twice]))
        guard case let .frame(frame) = try SessionMessage(decoding: message.encoded().bytes) else {
            Issue.record("not a frame")
            return
        }
        #expect(frame.layers.compactMap(\.image).map(\.scale) == [2])
        #expect(frame.layers.compactMap(\.image) == [twice])
    }

    @Test("hostile image sections are refused with what was wrong, before any huge allocation")
    func imageRefusals() throws {
        func refused(_ bytes: [UInt8], _ words: String, receiver: ImageWireCache = ImageWireCache()) {
            let error = #expect(throws: WireError.self) { try SessionMessage(decoding: bytes, images: receiver) }
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
        func newImage(_ w: inout WireWriter, serial: UInt64, width: UInt32, height: UInt32, bytes: Int, scale: Double = 1) {
            w.u32(0)
            w.u32(1)
            w.u64(serial); w.u32(width); w.u32(height); w.f64(scale)
            w.raw([UInt8](repeating: 9, count: bytes))
        }
        // A scale no variant has (1x to 3x), NaN included.
        for scale in [0.5, 3.5, .nan, .infinity] {
            refused(try handMadeFrame { newImage(&$0, serial: 1, width: 1, height: 1, bytes: 4, scale: scale) }, "scale")
        }
        refused(try handMadeFrame { newImage(&$0, serial: 1, width: 4097, height: 1, bytes: 0) }, "4097 x 1")
        refused(try handMadeFrame { newImage(&$0, serial: 1, width: 0, height: 5, bytes: 0) }, "0 x 5")
        // 4096 x 4096 announced, 16 bytes sent: the message ends early.
        refused(try handMadeFrame { newImage(&$0, serial: 1, width: 4096, height: 4096, bytes: 16) }, "ends early")
        refused(try handMadeFrame { newImage(&$0, serial: 0, width: 1, height: 1, bytes: 4) }, "is 0")
        refused(try handMadeFrame { $0.u32(1); $0.u64(77); $0.u32(0) }, "images to forget")
        refused(try handMadeFrame { $0.u32(0); $0.u32(UInt32.max) }, "new images in a frame")
        // More than the receiver's limit.
        let big = solidImage(64, 64, level: 1)
        refused(frameMessage(try imageLayers([big])).encoded().bytes, "over the", receiver: ImageWireCache(limit: big.byteCount - 1))
        // The same serial twice.
        let sender = ImageWireCache(), receiver = ImageWireCache()
        let bytes = frameMessage(try imageLayers([big])).encoded(images: sender).bytes
        _ = try SessionMessage(decoding: bytes, images: receiver)
        refused(bytes, "sent twice", receiver: receiver)
        // An image on a layer that is not an image layer.
        var layers = try imageLayers([big])
        layers[0].image = big
        refused(frameMessage(layers).encoded().bytes, "showing an image")
    }

    @Test("a frame with images cut anywhere, or with bytes flipped, is an error or a valid frame, never a crash")
    func imageGarbage() throws {
        let bytes = frameMessage(try imageLayers([solidImage(3, 2, level: 5), nil])).encoded().bytes
        for length in 0..<bytes.count {
            #expect(throws: WireError.self) { try SessionMessage(decoding: Array(bytes[0..<length])) }
        }
        var generator = SplitMix(seed: 11)
        for _ in 0..<2000 {
            var copy = bytes
            copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            if case let .frame(frame)? = try? SessionMessage(decoding: copy) {
                for image in frame.layers.compactMap(\.image) {
                    #expect(image.pixels.count == image.width * image.height * 4)
                    #expect(image.width <= RasterImage.maxSide && image.height <= RasterImage.maxSide)
                }
            }
        }
    }
}
