extension ExportFormat {
    /// The format of `render --out OUT [--format FORMAT]`: --format, which must agree with
    /// the file's extension; else the extension; stdout (`-`) needs --format. A request error otherwise.
    public static func choose(out: String, format: String?) throws(RenderError) -> ExportFormat {
        let named = ExportFormat(path: out)
        guard let format else {
            if out == "-" { throw RenderError(request: "--out -: give --format gif, webp, png or svg to write to stdout") }
            guard let named else { throw RenderError(request: "--out \(out): unknown format; use .gif, .webp, .png or .svg (or --format)") }
            return named
        }
        guard let chosen = ExportFormat(rawValue: format.lowercased()) else {
            throw RenderError(request: "--format \(format): expected gif, webp, png or svg")
        }
        if let named, named != chosen {
            throw RenderError(request: "--format \(format): --out \(out) names a .\(named.rawValue) file; give one or the other")
        }
        return chosen
    }
}
