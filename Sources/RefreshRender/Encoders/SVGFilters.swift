import CCairo
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// Blurs and shadows an SVG page draws as SVG filters (rh.effects/1's blur,
/// the core's shadow): cairo's SVG surface has no filters, so the layer is
/// drawn as vectors in a group painted with a marker opacity (cairo writes it
/// as a mask of that opacity), and the file is rewritten: the mask gives way
/// to `filter="url(#rh-blur-N)"`, a `<feGaussianBlur>` of the layer's
/// standard deviation in page units, or `filter="url(#rh-shadow-N)"`, the
/// shadow alone (the group's alpha blurred, offset and flooded with the
/// shadow's colour; the layer itself is drawn over it as it always is). A
/// compositing operator with a CSS blend mode is marked the same way and
/// becomes `style="mix-blend-mode:..."`, its parent's group
/// `style="isolation:isolate"` (SVGFilters+Blend). One per SVG surface, found
/// through the surface's user data while it draws.
final class SVGFilters {
    enum Filter: Equatable {
        case blur(sigma: Double)
        /// In page units; `color`'s alpha is the shadow's whole opacity.
        case shadow(sigma: Double, dx: Double, dy: Double, color: RGBA)
        /// A CSS `mix-blend-mode` on the marked group.
        case blend(mode: String)
        /// The marked group blends apart from what is under it (`isolation:isolate`).
        case isolate
    }

    /// The filters, by marker.
    private(set) var filters: [Filter] = []

    /// The most filters a page writes; past it, blurs and shadows are pixels.
    static let limit = 9999

    nonisolated(unsafe) static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// The filters of the SVG surface `cr` draws onto, nil for any other target.
    static func of(_ cr: OpaquePointer) -> SVGFilters? {
        guard let raw = cairo_surface_get_user_data(cairo_get_target(cr), key) else { return nil }
        return Unmanaged<SVGFilters>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Kept on `surface` while `body` draws (unretained: this object outlives it).
    func attached<T>(to surface: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        cairo_surface_set_user_data(surface, Self.key, Unmanaged.passUnretained(self).toOpaque(), nil)
        defer { cairo_surface_set_user_data(surface, Self.key, nil, nil) }
        return try body()
    }

    /// The opacity that marks blur `n`: distinct in cairo's six decimals, just under 1.
    static func marker(_ n: Int) -> Double { 0.99 - Double(n + 1) * 1e-6 }

    static func text(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Registers a blur of `sigma` page units; its marker opacity, nil past the limit.
    func register(sigma: Double) -> Double? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        return register(.blur(sigma: sigma))
    }

    /// Registers a shadow (page units); its marker opacity, nil past the limit.
    func register(shadowSigma sigma: Double, dx: Double, dy: Double, color: RGBA) -> Double? {
        guard sigma.isFinite, sigma >= 0, dx.isFinite, dy.isFinite else { return nil }
        return register(.shadow(sigma: sigma, dx: dx, dy: dy, color: color))
    }

    func register(_ filter: Filter) -> Double? {
        guard filters.count < Self.limit else { return nil }
        filters.append(filter)
        return Self.marker(filters.count - 1)
    }

    /// A colour channel as an sRGB byte.
    private static func byte(_ v: Double) -> Int { Int((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }

    /// What replaces the marked group's mask: its attribute, and the
    /// `<filter>` element it names (none for a blend or an isolation).
    private static func replacement(_ filter: Filter, _ n: Int, width: Double, height: Double)
        -> (attribute: String, definition: String) {
        switch filter {
        case let .blend(mode): return ("style=\"mix-blend-mode:\(mode)\"", "")
        case .isolate: return ("style=\"isolation:isolate\"", "")
        case .blur, .shadow:
            let (id, body) = element(filter, n)
            return ("filter=\"url(#\(id))\"",
                    "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(text(width))\" "
                        + "height=\"\(text(height))\">\n" + body + "</filter>\n")
        }
    }

    /// The filter's element: its id in the document and its primitives.
    private static func element(_ filter: Filter, _ n: Int) -> (id: String, body: String) {
        switch filter {
        case .blend, .isolate: return ("", "")
        case let .blur(sigma):
            return ("rh-blur-\(n)", "  <feGaussianBlur stdDeviation=\"\(text(sigma))\"/>\n")
        case let .shadow(sigma, dx, dy, color):
            // The group's alpha, blurred (a radius of 0: sharp), moved, in the shadow's colour.
            let blur = sigma > 0 ? "  <feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(text(sigma))\"/>\n" : ""
            let offsetInput = sigma > 0 ? "" : " in=\"SourceAlpha\""
            return ("rh-shadow-\(n)", blur
                + "  <feOffset\(offsetInput) dx=\"\(text(dx))\" dy=\"\(text(dy))\" result=\"shadow\"/>\n"
                + "  <feFlood flood-color=\"rgb(\(byte(color.r)),\(byte(color.g)),\(byte(color.b)))\" flood-opacity=\"\(text(color.a))\"/>\n"
                + "  <feComposite in2=\"shadow\" operator=\"in\"/>\n")
        }
    }

    /// cairo's SVG with each marked mask turned into its filter (or blend), on a page
    /// of `width` x `height` units (the filters' region).
    func rewrite(_ svg: String, width: Double, height: Double) -> String {
        guard !filters.isEmpty else { return svg }
        var out = svg
        var definitions = ""
        for (n, filter) in filters.enumerated() {
            let opacity = "fill-opacity:" + Self.text(Self.marker(n)) + ";"
            guard let at = out.firstRange(of: opacity),
                  let open = out[..<at.lowerBound].ranges(of: "<mask id=\"").last,
                  let quote = out[open.upperBound...].firstIndex(of: "\""),
                  let close = out[at.upperBound...].firstRange(of: "</mask>")
            else { continue }
            let id = String(out[open.upperBound..<quote])
            let (attribute, definition) = Self.replacement(filter, n, width: width, height: height)
            out.removeSubrange(open.lowerBound..<close.upperBound)
            out = out.replacing("mask=\"url(#\(id))\"", with: attribute)
            definitions += definition
        }
        if let defs = out.firstRange(of: "<defs>\n") { out.insert(contentsOf: definitions, at: defs.upperBound) }
        return out
    }
}
