/// What a snapshot shows of the values that are not plain numbers: colours,
/// paths and gradients, at timeline.now. Each reads the model value unless an
/// animation of that value is running: a keyframe animation first, then (for
/// colours) an animate block's tween.
extension LayerTree {
    func presentedColor(_ n: LayerNode, _ p: ColorProperty) -> RGBA {
        let i = Int(p.rawValue)
        if let (a, t, held) = n.colorKeyframes[i]?.keyframes(at: timeline.now), let c = a.color(atActiveTime: t, holdingEnd: held) {
            return c
        }
        return blockLevelColor(n, i)
    }

    func presentedPath(_ n: LayerNode) -> [PathElement] {
        if let (a, t, held) = n.pathKeyframes?.keyframes(at: timeline.now), let path = a.path(atActiveTime: t, holdingEnd: held) {
            return path
        }
        return n.path
    }

    func presentedGradient(_ n: LayerNode) -> Gradient? {
        if let (a, t, held) = n.gradientKeyframes?.keyframes(at: timeline.now), let g = a.gradient(atActiveTime: t, holdingEnd: held) {
            return g
        }
        return n.gradient
    }
}
