/// A drawing stopped because the style hung (a plugin call past its budget,
/// a worker that made no progress, or the card's time up): the gallery does
/// not load the style again for its validation, which would only wait as long.
struct HungDrawing: Error, CustomStringConvertible {
    /// The card's sentence, as for any failed drawing.
    var description: String
}
