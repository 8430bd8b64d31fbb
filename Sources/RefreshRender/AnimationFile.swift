import RefreshSession

/// The file formats `render` writes, chosen by the file's extension.
public enum ExportFormat: String, Sendable, CaseIterable {
    case gif, webp, png, svg

    /// From the extension of `path` (case-insensitive); nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// GIF and WebP hold the whole run; PNG and SVG one moment of it.
    public var isAnimated: Bool { self == .gif || self == .webp }

    /// GIF delays are centiseconds and browsers slow delays under 2 cs to
    /// 10 cs, so a GIF cannot go faster than 50 frames per second.
    public static let gifMaxFPS = 50.0
}

/// Writes a recording to a file: the whole run for GIF and WebP, the frame
/// at `moment` for PNG and SVG. The public entry point for tools other than
/// the CLI (the gallery, README images).
public enum AnimationFile {
    /// `moment` (PNG, SVG; nil: `Moment.defaultStill`). `progress(done, total)`
    /// is called after each frame of an animation. `appearance`: the list's colours.
    public static func write(
        _ recording: Recording, to path: String, format: ExportFormat? = nil, moment: Moment? = nil,
        appearance: PhoneAppearance = .light, progress: ((Int, Int) -> Void)? = nil
    ) throws {
        guard let format = format ?? ExportFormat(path: path) else {
            throw RenderError(request: "\(path): unknown format; use .gif, .webp, .png or .svg")
        }
        if format == .gif, recording.options.fps > ExportFormat.gifMaxFPS {
            throw RenderError(request: "--fps \(recording.options.fps): a GIF plays at most \(Int(ExportFormat.gifMaxFPS)) frames per second")
        }
        // Pixels are drawn for every format but SVG: a frame too large fails as a request, never as a crash.
        if format != .svg, let problem = PixelBudget.problem(width: recording.options.width, height: recording.options.height,
                                                             scale: recording.options.scale) {
            throw RenderError(request: "\(path): \(problem)")
        }
        let renderer = FrameRenderer(recording.options, appearance: appearance)
        switch format {
        case .png, .svg:
            let moments = try recording.moments()
            let time = try moment.map { m throws(SessionFailure) in try m.time(in: moments) } ?? Moment.defaultStill(in: moments)
            let frame = try recording.frame(at: time)
            if format == .png {
                try StillWriter.writePNG(layers: frame.layers, pull: frame.pull, list: frame.list, renderer: renderer, to: path)
            } else {
                try StillWriter.writeSVG(layers: frame.layers, pull: frame.pull, list: frame.list, scene: renderer.scene, to: path)
            }
        case .gif, .webp:
            let total = try recording.frameTimes().count
            let writer: AnimationWriter = format == .gif
                ? try GIFEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
                : try WebPEncoder(path: path, width: renderer.pixelWidth, height: renderer.pixelHeight)
            try recording.forEachFrame { frame, index in
                try renderer.withFrame(frame) { try writer.add($0, from: frame.time, until: frame.until) }
                progress?(index + 1, total)
            }
            try writer.finish()
        }
    }
}
