/// One terminal cell of the preview: two stacked pixels shown as U+2580
/// (upper half block) with the top pixel as foreground and the bottom one as
/// background, so a W x H cell area shows W x 2H roughly square pixels.
public struct Cell: Hashable, Sendable {
    public var top: RGB
    public var bottom: RGB

    public init(top: RGB, bottom: RGB) {
        self.top = top
        self.bottom = bottom
    }
}

/// A rectangle of cells, row by row.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell) {
        self.width = width
        self.height = height
        cells = Array(repeating: fill, count: width * height)
    }

    /// The image's pixels, two rows per cell row, from its top-left corner;
    /// what the image does not cover is `background`.
    public init(image: PixelImage, width: Int, height: Int, background: RGB) {
        self.width = width
        self.height = height
        var cells: [Cell] = []
        cells.reserveCapacity(width * height)
        for row in 0..<height {
            for column in 0..<width {
                cells.append(Cell(top: image.color(x: column, y: 2 * row, over: background),
                                  bottom: image.color(x: column, y: 2 * row + 1, over: background)))
            }
        }
        self.cells = cells
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }
}
