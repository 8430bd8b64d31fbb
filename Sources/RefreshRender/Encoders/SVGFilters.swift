import CCairo

#if canImport(Glibc)
import Glibc
#endif

/// Blurs an SVG page draws as SVG filters (rh.effects/1): cairo's SVG surface
/// has no filters, so a blurred layer is drawn as vectors in a group painted
/// with a marker opacity (cairo writes it as a mask of that opacity), and the
/// file is rewritten: the mask gives way to `filter="url(#rh-blur-N)"`, a
/// `<feGaussianBlur>` of the layer's standard deviation in page units. One per
/// SVG surface, found through the surface's user data while it draws.
final class SVGFilters {
    /// Standard deviations, in page units, by marker.
    private(set) var blurs: [Double] = []

    /// The most blurs a page writes as filters; past it, as pixels.
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

    private static func text(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Registers a blur of `sigma` page units; its marker opacity, nil past the limit.
    func register(sigma: Double) -> Double? {
        guard blurs.count < Self.limit, sigma.isFinite, sigma > 0 else { return nil }
        blurs.append(sigma)
        return Self.marker(blurs.count - 1)
    }

    /// cairo's SVG with each marked mask turned into its blur filter, on a page
    /// of `width` x `height` units (the filters' region).
    func rewrite(_ svg: String, width: Double, height: Double) -> String {
        guard !blurs.isEmpty else { return svg }
        var out = svg
        var filters = ""
        for (n, sigma) in blurs.enumerated() {
            let opacity = "fill-opacity:" + Self.text(Self.marker(n)) + ";"
            guard let at = out.firstRange(of: opacity),
                  let open = out[..<at.lowerBound].ranges(of: "<mask id=\"").last,
                  let quote = out[open.upperBound...].firstIndex(of: "\""),
                  let close = out[at.upperBound...].firstRange(of: "</mask>")
            else { continue }
            let id = String(out[open.upperBound..<quote])
            out.removeSubrange(open.lowerBound..<close.upperBound)
            out = out.replacing("mask=\"url(#\(id))\"", with: "filter=\"url(#rh-blur-\(n))\"")
            filters += "<filter id=\"rh-blur-\(n)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(Self.text(width))\" "
                + "height=\"\(Self.text(height))\">\n  <feGaussianBlur stdDeviation=\"\(Self.text(sigma))\"/>\n</filter>\n"
        }
        if let defs = out.firstRange(of: "<defs>\n") { out.insert(contentsOf: filters, at: defs.upperBound) }
        return out
    }
}
