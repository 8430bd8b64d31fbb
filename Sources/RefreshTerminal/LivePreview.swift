#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RefreshHostController

/// Plays a style live in the terminal until `q`: each frame it reads input
/// until the frame is due, advances the controller to the clock's time,
/// asks for the pixels of the viewport, and writes the cells that changed
/// and the status line, in one write.
public final class LivePreview {
    /// The whole viewport rendered at `scale` pixels per point. The preview
    /// shows its top-left `Layout.pixelWidth` x `pixelHeight` pixels.
    public typealias Pixels = (_ scale: Double) -> PixelImage

    public let controller: PreviewSubject
    /// The status line's first field; a reloaded build may bring a new name.
    public var styleName: String
    public let viewportWidth: Double
    public let viewportHeight: Double
    public var fps = 60.0
    /// Under transparent pixels and where the image falls short of the layout.
    public var background = RGB(r: 0, g: 0, b: 0)
    /// Colour, or none at all; read at the next relayout (set it before `run`).
    public var colorMode = ColorMode.truecolor
    public let input = FingerInput()
    /// Called after each frame with what it cost: for measurements, and for a recording.
    public var onFrame: ((FrameReport) -> Void)?
    /// Called with each input event before the finger sees it, with the layout
    /// it arrived in: for a recording that shows where the finger is.
    public var onInput: ((InputEvent, Layout?) -> Void)?
    /// Asked at every frame: a short note for the status line (a reload, a
    /// recording), or nil.
    public var notice: () -> String? = { nil }
    /// The last haptic or announcement (ABI 1.3) and when, on the subject's
    /// clock: the status line shows it for `cueShown` seconds.
    public var cue: () -> (text: String, time: Double)? = { nil }
    public static let cueShown = 2.0

    private let pixels: Pixels
    private var decoder = InputDecoder()
    private var out = TerminalOutput(columns: 1)
    private var cells = CellWriter()
    private var status = StatusLine()
    private var layout: Layout?
    private var meter = FrameMeter()

    public init(controller: PreviewSubject, styleName: String, viewportWidth: Double, viewportHeight: Double,
                pixels: @escaping Pixels) {
        self.controller = controller
        self.styleName = styleName
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.pixels = pixels
    }

    public enum Ending: Equatable, Sendable {
        /// `q`.
        case quit
        /// Ctrl-C (as SIGINT), or a SIGINT, SIGTERM or SIGHUP from outside.
        case signal(Int32)
        /// The subject could not go on (its worker crashed or hung): one line why.
        case failed(String)
    }

    /// Input read while the subject was busy, handled at the next frame.
    private var queued: [InputEvent] = []

    /// For a subject that waits (on a worker): reads the keys typed so far and
    /// the quit signals, and returns how the preview must end if the user
    /// asked it to (q, Ctrl-C, SIGINT, SIGTERM, SIGHUP); other keys wait for
    /// the next frame. Cheap enough to call every few milliseconds.
    public func pollForQuit(_ session: TerminalSession) -> Ending? {
        if let signal = session.takeQuitSignal() { return .signal(signal) }
        let bytes = session.read(timeout: 0)
        guard !bytes.isEmpty else { return nil }
        for event in decoder.feed(bytes) {
            switch event {
            case .key(.character("q")), .key(.character("Q")): return .quit
            case .key(.interrupt): return .signal(SIGINT)
            default: queued.append(event)
            }
        }
        return nil
    }

    public func run(on session: TerminalSession, clock: Clock) -> Ending {
        relayout(session)
        var nextFrame = clock.now
        var lastInput = clock.now
        while true {
            // Input until the frame is due; a signal or a key may end the run.
            repeat {
                let bytes = session.read(timeout: nextFrame - clock.now)
                var events = queued + decoder.feed(bytes)
                queued = []
                if !bytes.isEmpty {
                    lastInput = clock.now
                } else if decoder.hasPending, clock.now - lastInput > 0.05 {
                    events += decoder.flush()
                }
                for event in events {
                    onInput?(event, layout)
                    switch input.handle(event, controller: controller, layout: layout) {
                    case .quit: return .quit
                    case .interrupt: return .signal(SIGINT)
                    case .handled, .ignored: break
                    }
                }
                if let signal = session.takeQuitSignal() { return .signal(signal) }
                if session.takeResize() { relayout(session) }
            } while clock.now < nextFrame

            let start = clock.now
            do {
                try controller.advance(to: start)
            } catch let stop as PreviewStop {
                switch stop {
                case let .ended(ending): return ending
                case let .failed(why): return .failed(why)
                }
            } catch {
                return .failed("\(error)")
            }
            let report = drawFrame(session, frameStart: start, clock: clock)
            onFrame?(report)
            nextFrame += 1 / fps
            // Behind (a slow frame, a stopped process): skip, do not burst.
            if nextFrame < clock.now { nextFrame = clock.now }
        }
    }

    /// Reads the terminal's size and makes the next frame a full redraw.
    private func relayout(_ session: TerminalSession) {
        let size = session.size() ?? (80, 24)
        layout = Layout(columns: size.columns, rows: size.rows, viewportWidth: viewportWidth,
                        viewportHeight: viewportHeight)
        out = TerminalOutput(columns: size.columns, colored: colorMode == .truecolor)
        cells = CellWriter(mode: colorMode)
        status.invalidate()
        needsClear = true
    }

    private var needsClear = true

    private func drawFrame(_ session: TerminalSession, frameStart: Double, clock: Clock) -> FrameReport {
        out.startFrame()
        let cleared = needsClear
        if needsClear {
            out.clearScreen()
            out.forgetState()
            needsClear = false
        }
        if layout == nil, cleared {
            // Not even one row above the status line: say so, and wait for a resize.
            out.move(column: 0, row: 0)
            out.putText(String("terminal too small".prefix(out.columns)))
        }
        var written = 0
        if let layout {
            let image = pixels(layout.scale)
            let grid = CellGrid(image: image, width: layout.phoneColumns, height: layout.phoneRows, background: background)
            written = cells.draw(grid, column: layout.phoneColumn, row: layout.phoneRow, into: &out)
            let text = StatusLine.text(
                style: styleName, state: controller.state.description,
                pullRatio: controller.pullRatio, cycle: controller.cycle,
                frameMilliseconds: meter.milliseconds, fps: meter.fps, width: layout.columns,
                cue: cue().flatMap { controller.now - $0.time < Self.cueShown ? $0.text : nil }, notice: notice())
            status.draw(text, row: layout.statusRow, width: layout.columns, into: &out)
        }
        let bytes = out.bytes.count
        if bytes > 0 { session.write(out.bytes) }
        let end = clock.now
        meter.record(start: frameStart, end: end)
        return FrameReport(time: frameStart, state: controller.state, bytes: bytes, cellsWritten: written,
                           seconds: end - frameStart)
    }
}

/// One frame's cost.
public struct FrameReport: Sendable {
    public var time: Double
    public var state: RefreshState
    /// Bytes written to the terminal (cells, status line, moves, colours).
    public var bytes: Int
    public var cellsWritten: Int
    /// Time from the controller's advance to the end of the write.
    public var seconds: Double
}

/// Frame time and rate, averaged over a quarter second so the status line
/// changes a few times a second, not every frame.
struct FrameMeter {
    private(set) var milliseconds = 0.0
    private(set) var fps = 0.0
    private var windowStart: Double?
    private var frames = 0
    private var busy = 0.0

    mutating func record(start: Double, end: Double) {
        guard let from = windowStart else {
            windowStart = start
            return
        }
        frames += 1
        busy += end - start
        let span = start - from
        if span >= 0.25 {
            milliseconds = busy / Double(frames) * 1000
            fps = Double(frames) / span
            windowStart = start
            frames = 0
            busy = 0
        }
    }
}
