/// The colour-free preview's characters: a cell's two pixels as one ASCII
/// character, by how dark they are, as ink on paper. Dark is dense because
/// the list under a header is mostly white: drawn that way it stays blank,
/// and what matters (the header's shapes, the rows' text and separators)
/// stands out, in whatever colour the terminal draws text.
/// A cell with one half inked and the other blank gets a mark at that end
/// (` " at the top, . _ at the bottom): a thin line then shows, and moves
/// by half a cell as the list is pulled, where the mean of the two pixels
/// would drop it.
enum ShadeRamp {
    /// Ten shades light to dark, then the top marks (light, dark) and the
    /// bottom ones. ASCII, so any terminal and any font shows them.
    static let characters: [UInt8] = Array(" .:-=+*#%@".utf8) + Array("`\"._".utf8)
    /// Not a shade: what the writer remembers for a cell it has not drawn.
    static let unset: UInt8 = .max

    /// The character index for a cell.
    static func index(of cell: Cell) -> UInt8 {
        let top = 255 - luma(cell.top), bottom = 255 - luma(cell.bottom)
        if min(top, bottom) < 24, max(top, bottom) >= 40 {
            let dark = max(top, bottom) >= 128 ? 1 : 0
            return UInt8(10 + (top > bottom ? 0 : 2) + dark)
        }
        return UInt8((top + bottom) / 2 * 10 / 256)
    }

    static func glyph(_ index: UInt8) -> [UInt8] { glyphs[Int(index)] }
    private static let glyphs = characters.map { [$0] }

    /// Rec. 709 luma of the stored (gamma-encoded) values, 0...255.
    static func luma(_ c: RGB) -> Int {
        (54 * Int(c.r) + 183 * Int(c.g) + 19 * Int(c.b)) >> 8
    }
}
