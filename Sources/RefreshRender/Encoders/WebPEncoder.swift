import CWebP
import RefreshOutput

#if canImport(Glibc)
import Glibc
#endif

/// Animated WebP with libwebp's WebPAnimEncoder, lossless (the styles'
/// flat colours compress best that way), looping forever. Method 2 gives
/// the default 4's size on these frames (within 0.2%) in half the time.
/// Timestamps are milliseconds rounded from the exact frame times. Written
/// beside `path` and renamed into place by finish(); until then, and if it
/// fails, the file at `path` is untouched.
public final class WebPEncoder: AnimationWriter {
    private let path: String
    private let file: AtomicFile
    private let width: Int
    private let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var lastUntil = 0.0
    public private(set) var framesWritten = 0

    public init(path: String, width: Int, height: Int) throws {
        self.path = path
        self.width = width
        self.height = height
        // Fails early on an unwritable folder, before encoding anything.
        do { file = try AtomicFile(target: path) } catch { throw RenderError(error.message) }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw RenderError("libwebp: version mismatch")
        }
        options.anim_params.loop_count = 0
        options.anim_params.bgcolor = 0xFFFF_FFFF
        config.lossless = 1
        config.quality = 75
        config.method = 2
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw RenderError("libwebp: cannot make an encoder for \(width) x \(height)")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    public func add(_ frame: Bitmap, from: Double, until: Double) throws {
        try frame.withView { view in try add(view, from: from, until: until) }
    }

    /// libwebp imports the pixels into its own picture at once: lent pixels need no copy.
    public func add(_ frame: BitmapView, from: Double, until: Double) throws {
        guard let encoder else { return }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("libwebp: version mismatch") }
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        // Frames are opaque, so cairo's premultiplied BGRA is plain BGRA.
        let imported = WebPPictureImportBGRA(&picture, frame.bytes.baseAddress, Int32(frame.stride))
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, milliseconds(from), &config) != 0 else {
            throw RenderError("\(path): libwebp: \(error())")
        }
        lastUntil = until
    }

    public func finish() throws {
        guard let encoder else { return }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        guard WebPAnimEncoderAdd(encoder, nil, milliseconds(lastUntil), nil) != 0 else {
            throw RenderError("\(path): libwebp: \(error())")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw RenderError("\(path): libwebp: \(error())") }
        // The encoder merges a frame that changes nothing into the one before: count what the file holds.
        if let demux = WebPDemux(&data) {
            framesWritten = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
            WebPDemuxDelete(demux)
        }
        do {
            try self.file.writeAll(Array(UnsafeBufferPointer(start: data.bytes, count: data.size)))
            try self.file.commit()
        } catch {
            throw RenderError(error.message)
        }
    }

    private func milliseconds(_ t: Double) -> Int32 { Int32((t * 1000).rounded()) }

    private func error() -> String {
        encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) } ?? "unknown error"
    }
}
