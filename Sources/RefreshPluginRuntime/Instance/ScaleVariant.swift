/// Which file an `image_load("assets/icon.png")` reads for the output's
/// scale (ABI 1.5): `icon.png` (1x), `icon@2x.png` or `icon@3x.png` beside
/// it, the smallest at least the scale, else the largest there is, as
/// UIKit's `UIImage(named:)` does. A name that already says its scale
/// (`icon@2x.png`) is read as it is, at scale 1, as before 1.5.
struct ScaleVariant: Equatable {
    /// The path relative to the plugin's folder, as `PNGAsset.resolve` takes it.
    var relative: String
    /// The image's pixels per point.
    var scale: Double

    static let scales = [1, 2, 3]

    /// `relative` with `@Nx` before the extension of its last part, or nil when
    /// the name has a scale already.
    static func name(_ relative: String, scale: Int) -> String? {
        let slash = relative.lastIndex(of: "/").map { relative.index(after: $0) } ?? relative.startIndex
        let last = relative[slash...]
        let dot = last.lastIndex(of: ".") ?? last.endIndex
        let stem = last[..<dot]
        if scales.contains(where: { stem.hasSuffix("@\($0)x") }) { return nil }
        return scale == 1 ? relative : String(relative[..<slash]) + stem + "@\(scale)x" + last[dot...]
    }

    /// The variant to read, given which of the candidate names `exists`
    /// (resolves inside the plugin's folder); the plain name when none does,
    /// so its own error is the one reported.
    static func choose(_ relative: String, outputScale: Double, exists: (String) -> Bool) -> ScaleVariant {
        guard name(relative, scale: 2) != nil else { return ScaleVariant(relative: relative, scale: 1) }
        let present = scales.compactMap { s in name(relative, scale: s).flatMap { exists($0) ? (s, $0) : nil } }
        guard let largest = present.last else { return ScaleVariant(relative: relative, scale: 1) }
        let pick = present.first { Double($0.0) >= outputScale } ?? largest
        return ScaleVariant(relative: pick.1, scale: Double(pick.0))
    }
}
