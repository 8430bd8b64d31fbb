import RefreshLayers

/// Where each visible layer of a style sits on screen, relative to the
/// style's root (the host moves the root; the style moves the rest), and how
/// far it has turned: what reduce-motion's limits are about.
struct MotionProbe {
    struct Pose {
        var x: Double
        var y: Double
        var turn: Double
    }

    /// The pose of every visible layer under the root (the root excluded).
    static func poses(_ layers: [LayerSnapshot]) -> [LayerID: Pose] {
        var world: [LayerID: Affine] = [:]
        var visible: [LayerID: Bool] = [:]
        var poses: [LayerID: Pose] = [:]
        for l in layers {
            // Snapshots list parents before their children.
            let parent = l.parent.flatMap { world[$0] } ?? .identity
            let local = Affine.local(l)
            let m = l.parent == nil ? Affine.identity : parent.then(local)
            world[l.id] = m
            let shown = (l.parent.flatMap { visible[$0] } ?? true) && l[.hidden] == 0 && l[.opacity] > 0.01
            visible[l.id] = shown
            guard l.parent != nil, shown else { continue }
            let c = m.apply(l[.width] / 2, l[.height] / 2)
            poses[l.id] = Pose(x: c.x, y: c.y, turn: m.angle)
        }
        return poses
    }

    /// The shortest time a speed is measured over: half a frame.
    static func shortestInterval(fps: Double) -> Double { 0.5 / fps }

    /// The fastest move (points per second) and turn (radians per second)
    /// between two frames `dt` apart, over layers visible in both.
    static func fastest(from a: [LayerID: Pose], to b: [LayerID: Pose], dt: Double)
        -> (speed: Double, speedLayer: LayerID, turn: Double, turnLayer: LayerID)
    {
        var result = (speed: 0.0, speedLayer: LayerID(0), turn: 0.0, turnLayer: LayerID(0))
        guard dt > 0 else { return result }
        for (id, p) in b {
            guard let q = a[id] else { continue }
            let speed = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() / dt
            var d = p.turn - q.turn
            // The smallest angle between the two, whatever the wrap.
            while d > Double.pi { d -= 2 * Double.pi }
            while d < -Double.pi { d += 2 * Double.pi }
            let turn = abs(d) / dt
            if speed > result.speed { result.speed = speed; result.speedLayer = id }
            if turn > result.turn { result.turn = turn; result.turnLayer = id }
        }
        return result
    }
}

/// A 2-D affine transform (x' = a x + c y + tx, y' = b x + d y + ty).
struct Affine {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = Affine()

    /// A layer's own transform in its parent: position, translation, then
    /// rotation and scale about the anchor point (as the rasterizer draws it).
    static func local(_ l: LayerSnapshot) -> Affine {
        let r = l[.rotation], sx = l[.scaleX], sy = l[.scaleY]
        let cosR = cos(r), sinR = sin(r)
        var m = Affine(a: cosR * sx, b: sinR * sx, c: -sinR * sy, d: cosR * sy,
                       tx: l[.positionX] + l[.translationX], ty: l[.positionY] + l[.translationY])
        let ax = l[.anchorX] * l[.width], ay = l[.anchorY] * l[.height]
        m.tx -= m.a * ax + m.c * ay
        m.ty -= m.b * ax + m.d * ay
        return m
    }

    /// This transform applied after `inner` (inner first, then self).
    func then(_ inner: Affine) -> Affine {
        Affine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
               c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
               tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The rotation in this transform, whatever its scale: the angle of the
    /// polar decomposition's rotation, exact for a rotation composed with any
    /// positive scale on either side, where atan2(b, a) is exact only when
    /// the scale comes first and turns unevenly otherwise.
    var angle: Double { atan2(b - c, a + d) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
