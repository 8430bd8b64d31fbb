/// ABI 1.2: what an image layer shows.
extension LayerTree {
    func presentedImage(_ n: LayerNode) -> RasterImage? {
        n.kind == .image ? n.image : nil
    }
}
