import Dispatch
import RefreshLayers
import RefreshRender
import Synchronization

/// `run --record FILE`: the live session as an animated GIF or WebP. Every
/// frame the preview shows is drawn again at `scale` with the finger's touch
/// mark, and shown for the real time until the next one. Drawing and encoding
/// run on a thread of their own so the preview keeps its pace; frames wait
/// for it in a bounded queue, and one that finds the queue full is left out
/// (the frame before it stays up longer) and counted.
///
/// A GIF is written to disk as it goes, so a long session costs disk, not
/// memory. libwebp assembles an animation in memory, so a WebP recording
/// stops after `webpLimit` seconds (the preview goes on and says so). Either
/// way the file appears, complete, only when `finish` renames it into place.
public final class SessionRecorder {
    public static let scale = 2.0
    public static let webpLimit = 300.0
    /// Half a second of the preview: what the encoder may lag behind, and so
    /// what is left to encode when the session ends. (A debug build took about
    /// 30 ms for a 2x GIF frame here: it falls behind a 60 fps preview.)
    public static let queueLimit = 30
    /// GIF delays are centiseconds and players slow delays under 2 cs down,
    /// so a GIF keeps a frame only 2 cs or more after the one before.
    public static let gifMinimumDelay = 2

    public let path: String
    public let format: ExportFormat
    private let queue = DispatchQueue(label: "refresh-host.record")
    private let encoding: Encoding
    private var start: Double?
    private var lastKept: Double?
    /// When the WebP limit ended the recording.
    private var stoppedAt: Double?
    public private(set) var frames = 0
    public private(set) var dropped = 0

    /// Makes the encoder, and so the output's temporary, now: before the
    /// terminal session takes the signals, so the output guard's handlers sit
    /// under the session's and a Ctrl-C leaves the temporary for `finish`.
    public init(path: String, viewportWidth: Double, viewportHeight: Double) throws {
        guard let format = ExportFormat(path: path), format.isAnimated else {
            throw RenderError(request: "--record \(path): unknown format; use .gif or .webp")
        }
        self.path = path
        self.format = format
        let renderer = FrameRenderer(viewportWidth: viewportWidth, viewportHeight: viewportHeight, scale: Self.scale)
        do {
            let writer: AnimationWriter = format == .gif
                ? try GIFEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
                : try WebPEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
            encoding = Encoding(writer: writer, renderer: renderer)
        } catch {
            throw RenderError("\(error)")
        }
    }

    /// One frame the preview showed at `time` (its clock's seconds), with the finger at `finger` points.
    public func add(time: Double, layers: [LayerSnapshot], pull: Double, finger: (x: Double, y: Double)?) {
        guard stoppedAt == nil else { return }
        let origin = start ?? time
        start = origin
        if format == .webp, time - origin > Self.webpLimit {
            stoppedAt = time
            return
        }
        if format == .gif, let last = lastKept,
           Int((time * 100).rounded()) - Int((last * 100).rounded()) < Self.gifMinimumDelay {
            return
        }
        guard encoding.waiting.load(ordering: .relaxed) < Self.queueLimit else {
            dropped += 1
            return
        }
        lastKept = time
        frames += 1
        encoding.waiting.add(1, ordering: .relaxed)
        queue.async { [encoding] in
            encoding.take(layers: layers, pull: pull, finger: finger, at: time - origin)
            encoding.waiting.subtract(1, ordering: .relaxed)
        }
    }

    /// For the status line: that it records, or why it stopped.
    public var notice: String {
        if let failure = encoding.failure { return "recording failed: \(failure)" }
        if stoppedAt != nil { return "recording stopped at \(Int(Self.webpLimit / 60)) min (the WebP limit)" }
        return "rec \(fileName(of: path))"
    }

    /// Waits for the encoder, shows the last frame until `time` and writes the
    /// file into place; one line saying what was recorded. `waiting(n)` is told
    /// first when n frames are still to encode, so the wait can be explained.
    public func finish(at time: Double, waiting: (Int) -> Void = { _ in }) throws -> String {
        guard let origin = start, frames > 0 else {
            throw RenderError("--record \(path): no frame was shown; nothing written")
        }
        let queued = encoding.waiting.load(ordering: .relaxed)
        if queued > 0 { waiting(queued) }
        let end = (stoppedAt ?? time) - origin
        try queue.sync { [encoding] in try encoding.finish(at: end) }
        // What the file holds: the encoder merges a frame that changes nothing into the one before.
        let written = queue.sync { [encoding] in encoding.writer.framesWritten }
        var line = "recorded \(path): \(written) frame(s), \(seconds(end)) s"
        if dropped > 0 { line += "; \(dropped) frame(s) left out while the encoder caught up" }
        if stoppedAt != nil { line += "; stopped at the \(Int(Self.webpLimit / 60))-minute WebP limit" }
        return line
    }

    private func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// The encoder's side: the writer and the renderer, used only on the
/// recorder's serial queue once made (hence unchecked: the queue is the lock),
/// and the frame held back until the next one says how long it stays up.
private final class Encoding: @unchecked Sendable {
    public let writer: AnimationWriter
    public let renderer: FrameRenderer
    /// Frames queued and not yet taken.
    public let waiting = Atomic<Int>(0)
    private var held: (bitmap: Bitmap, from: Double)?
    private let failed = Mutex<String?>(nil)

    public init(writer: AnimationWriter, renderer: FrameRenderer) {
        self.writer = writer
        self.renderer = renderer
    }

    /// Why encoding stopped (a full disk, say); read from any thread.
    public var failure: String? { failed.withLock { $0 } }

    public func take(layers: [LayerSnapshot], pull: Double, finger: (x: Double, y: Double)?, at time: Double) {
        guard failure == nil else { return }
        var bitmap = renderer.render(layers: layers, pull: pull)
        if let finger { TouchMark.draw(on: &bitmap, x: finger.x, y: finger.y, scale: renderer.scale) }
        do {
            if let held { try writer.add(held.bitmap, from: held.from, until: time) }
            held = (bitmap, time)
        } catch {
            failed.withLock { $0 = "\(error)" }
        }
    }

    public func finish(at end: Double) throws {
        if let failure { throw RenderError(failure) }
        do {
            if let held { try writer.add(held.bitmap, from: held.from, until: max(end, held.from + 0.01)) }
            held = nil
            try writer.finish()
        } catch {
            throw RenderError("\(error)")
        }
    }
}

/// The last component of `path`: how the status line names a file.
func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
