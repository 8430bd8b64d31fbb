/// What a snapshot shows of the values that are not plain numbers: colours,
/// paths, gradients and images, at timeline.now. Each reads the model value
/// unless an animation of that value is running.
extension LayerTree {
    func presentedColor(_ n: LayerNode, _ p: ColorProperty) -> RGBA {
        blockLevelColor(n, Int(p.rawValue))
    }

    func presentedPath(_ n: LayerNode) -> [PathElement] {
        n.path
    }

    func presentedGradient(_ n: LayerNode) -> Gradient? {
        n.gradient
    }
}
