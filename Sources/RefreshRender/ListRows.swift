import CCairo

#if canImport(Glibc)
import Glibc
#endif

/// The list under the header, as a plain UITableView draws it: white rows
/// 44 pt tall, the row's title in dark text at the system inset, and a
/// hairline separator under each row, inset like the text.
public struct ListRows: Sendable {
    public var rowHeight = 44.0
    public var inset = 16.0
    public var fontSize = 17.0
    public var background = (r: 1.0, g: 1.0, b: 1.0)
    public var textColour = (r: 0.0, g: 0.0, b: 0.0)
    /// UIKit's separator grey, #C8C7CC.
    public var separator = (r: 200.0 / 255, g: 199.0 / 255, b: 204.0 / 255)

    public init() {}

    static let names = [
        "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
        "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen", "Twenty",
    ]

    /// The title of row `index` (0-based): "One", "Two", ..., then "Row 21", ...
    public static func title(_ index: Int) -> String {
        index < names.count ? names[index] : "Row \(index + 1)"
    }

    /// Draws the list with its top edge at `top`, down to `bottom`, `width`
    /// wide. `hairline` is one device pixel in points.
    public func draw(in cr: OpaquePointer, top: Double, width: Double, bottom: Double, hairline: Double) {
        guard top < bottom else { return }
        cairo_save(cr)
        cairo_set_source_rgb(cr, background.r, background.g, background.b)
        cairo_rectangle(cr, 0, top, width, bottom - top)
        cairo_fill(cr)

        Rasterizer.applyTextOptions(cr)
        cairo_select_font_face(cr, Rasterizer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, fontSize)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let baseline = (rowHeight - (font.ascent + font.descent)) / 2 + font.ascent

        var row = 0
        var y = top
        while y < bottom {
            cairo_set_source_rgb(cr, textColour.r, textColour.g, textColour.b)
            cairo_move_to(cr, inset, y + baseline)
            cairo_show_text(cr, Self.title(row))
            cairo_new_path(cr)
            cairo_set_source_rgb(cr, separator.r, separator.g, separator.b)
            cairo_rectangle(cr, inset, y + rowHeight - hairline, width - inset, hairline)
            cairo_fill(cr)
            row += 1
            y += rowHeight
        }
        cairo_restore(cr)
    }
}
