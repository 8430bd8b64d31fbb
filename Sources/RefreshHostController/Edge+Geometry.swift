/// A footer is a header turned upside down: the controller works out every
/// position as for a header (how far the list moved, where the root's top
/// sits from the top edge), and the edge maps it onto the screen.
extension Edge {
    /// The root's top in viewport points, for a root whose top a header
    /// would put at `headerTop` (measured from the top edge).
    func rootTop(headerTop: Double, height: Double, viewportHeight: Double) -> Double {
        self == .top ? headerTop : viewportHeight - headerTop - height
    }
}
