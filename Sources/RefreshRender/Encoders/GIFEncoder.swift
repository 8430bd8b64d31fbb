import CGif
import RefreshOutput

#if canImport(Glibc)
import Glibc
#endif

/// Animated GIF89a with giflib, looping forever. Each frame gets its own
/// palette (median cut) and only the rectangle that changed since the frame
/// before is stored (the rest stays on screen); a frame identical to the one
/// before lengthens that one's delay instead. Delays are centiseconds,
/// rounded from the exact times so the total stays right (a 30 fps run
/// alternates 3, 3 and 4 cs). Written beside `path` and renamed into place
/// by finish(); until then, and if it fails, the file at `path` is untouched.
public final class GIFEncoder: AnimationWriter {
    private let path: String
    private let file: AtomicFile
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: Bitmap?
    private var pending: (rect: PixelRect, quantized: Quantizer.Result, from: Double, until: Double)?
    public private(set) var framesWritten = 0

    public init(path: String, width: Int, height: Int) throws {
        self.path = path
        do { file = try AtomicFile(target: path) } catch { throw RenderError(error.message) }
        // Opened here rather than by giflib, which would make the file private (0600).
        let fd = open(file.temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))") }
        var error: Int32 = 0
        guard let gif = EGifOpenFileHandle(fd, &error) else {
            close(fd)
            throw RenderError("\(path): cannot write: \(Self.message(error))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else { throw fail() }
        // The NETSCAPE2.0 application extension: loop forever (count 0).
        let loop: [UInt8] = [1, 0, 0]
        guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK,
              EGifPutExtensionBlock(gif, 3, loop) == GIF_OK,
              EGifPutExtensionTrailer(gif) == GIF_OK
        else { throw fail() }
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    public func add(_ frame: Bitmap, from: Double, until: Double) throws {
        let rect: PixelRect
        if let previous {
            guard let changed = PixelRect.changed(from: previous, to: frame) else {
                pending?.until = until
                return
            }
            rect = changed
        } else {
            rect = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        }
        try flush()
        pending = (rect, Quantizer.quantize(frame, region: rect), from, until)
        previous = frame
    }

    public func finish() throws {
        try flush()
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw RenderError("\(path): cannot write: \(Self.message(error))")
        }
        do { try file.commit() } catch { throw RenderError(error.message) }
    }

    private func flush() throws {
        guard let p = pending, let gif else { return }
        pending = nil
        let delay = Int32((p.until * 100).rounded() - (p.from * 100).rounded())
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                       DelayTime: max(delay, 0), TransparentColor: NO_TRANSPARENT_COLOR)
        var ext = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &ext)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), ext) == GIF_OK else { throw fail() }

        // A colour table has a power-of-two size; unused entries stay black.
        var size = 2
        while size < p.quantized.palette.count { size *= 2 }
        var colours = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in p.quantized.palette.enumerated() { colours[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(size), colours) else { throw RenderError("\(path): out of memory") }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(gif, Int32(p.rect.x), Int32(p.rect.y), Int32(p.rect.width), Int32(p.rect.height),
                               false, map) == GIF_OK
        else { throw fail() }
        var indices = p.quantized.indices
        let ok = indices.withUnsafeMutableBufferPointer {
            EGifPutLine(gif, $0.baseAddress, Int32($0.count)) == GIF_OK
        }
        guard ok else { throw fail() }
        framesWritten += 1
    }

    private func fail() -> RenderError {
        RenderError("\(path): cannot write: \(Self.message(gif?.pointee.Error ?? 0))")
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
