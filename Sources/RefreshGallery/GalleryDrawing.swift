import RefreshWorker
import RefreshRender
import RefreshSession

/// How the gallery draws a style: in a session per drawing (a supervised
/// worker unless the settings say otherwise), this process drawing the
/// frames and writing the files. A style that crashes, hangs past its
/// budget or takes longer than `deadline` in all costs only its own card,
/// and the card says how from the session's typed failure.
public struct GalleryDrawing: Sendable {
    public var options: RecordingOptions
    public var settings: SessionSettings
    public var appearance: PhoneAppearance
    /// Wall seconds one drawing (an animation, a still) may take.
    public var deadline: Double
    public var opener: SessionOpener

    public init(options: RecordingOptions, settings: SessionSettings, appearance: PhoneAppearance = .light,
                deadline: Double = 60, opener: SessionOpener = SessionOpener()) {
        self.options = options
        self.settings = options.sessionSettings(settings)
        self.appearance = appearance
        self.deadline = deadline
        self.opener = opener
    }

    /// The animation (`format`) and the still at `poster`, for `GalleryBuilder.renderer`.
    public func renderer(format: ExportFormat, poster: Moment) -> GalleryBuilder.Renderer {
        let drawing = self
        return { id, file, animation, still, until in
            try drawing.draw(id, file, to: animation, format: format, moment: nil, until: until)
            try drawing.draw(id, file, to: still, format: .png, moment: poster, until: until)
        }
    }

    /// One still at `moment`, for `GalleryBuilder.failureRenderer` and the like.
    public func stillRenderer(moment: Moment) -> GalleryBuilder.StillRenderer {
        let drawing = self
        return { id, file, still, until in try drawing.draw(id, file, to: still, format: .png, moment: moment, until: until) }
    }

    /// Draws one file; a failure is thrown as one sentence about the style (`RenderError`).
    /// Stopped at `deadline` seconds, or at `until` (the card's time) if that comes first.
    func draw(_ id: String, _ file: String, to path: String, format: ExportFormat, moment: Moment?,
              until: Double = .infinity) throws {
        let end = min(MonotonicTime.seconds() + deadline, until)
        let (opener, settings) = (self.opener, self.settings)
        let recording = Recording(options) {
            try opener.open(file: file, style: id, settings: settings) { MonotonicTime.seconds() > end }
        }
        defer { recording.session?.close() }
        do {
            try AnimationFile.write(recording, to: path, format: format, moment: moment, appearance: appearance)
        } catch let failure as SessionFailure {
            let sentence = Self.sentence(failure, deadline: deadline)
            switch failure {
            case .worker(.hung, _), .worker(.stalled, _), .worker(.interrupted, _): throw HungDrawing(description: sentence)
            default: throw RenderError(sentence)
            }
        }
    }

    /// What a card says about a style that could not be drawn, from the failure itself.
    public static func sentence(_ failure: SessionFailure, deadline: Double) -> String {
        switch failure {
        case let .reported(_, line): return capitalised(line)
        case let .worker(failure, _):
            switch failure {
            case let .crashed(signal, call?): return "It crashed in \(WorkerFailure.shown(call)) with \(signalName(signal)) while rendering."
            case let .crashed(signal, nil): return "It crashed (\(signalName(signal))) while rendering."
            case let .hung(call, seconds):
                return "It did not return from \(WorkerFailure.shown(call)) within \(short(seconds)) s while rendering, and was stopped."
            case let .exited(status, call?):
                return "It ended its worker process (exit status \(status)) in \(WorkerFailure.shown(call)) while rendering."
            case let .exited(status, nil): return "Its worker exited with status \(status) before it finished rendering."
            case let .closedStream(call):
                return "It closed its worker's message channel" + (call.map { " in \(WorkerFailure.shown($0))" } ?? "") + " while rendering."
            case let .stalled(seconds): return "Its worker made no progress for \(short(seconds)) s and was stopped."
            case let .malformed(why): return "Its worker sent a malformed message (\(why)) and was stopped."
            case let .refused(why): return "Its worker refused its job (\(why))."
            case let .spawnFailed(why): return capitalised("could not start a worker: \(why)")
            case .interrupted: return "It timed out: rendering took over \(short(deadline)) s and was stopped."
            }
        }
    }

    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capital = first.uppercased() + text.dropFirst()
        return capital.hasSuffix(".") ? capital : capital + "."
    }

    static func short(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
