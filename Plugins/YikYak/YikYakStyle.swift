import RefreshStyleKit

/// Yik Yak ("one spin of the yak's head"): on teal, the yak's head turns
/// and grows with the pull; each cycle it makes one full turn; on exit it
/// settles upright. When the refresh fails, the teal dims and the yak shakes
/// its head, then settles upright.
final class YikYakStyle: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "com.refreshhost.yikyak", name: "Yik Yak", version: "1.0.0", vendor: "RefreshHost",
        description: "A yak's head that turns with the pull and spins once per cycle.",
        tags: ["yak", "spin", "card"], height: 80, cycleDuration: 0.6, cycleDelay: 0,
        cycleCurve: .linear, presentation: .slideDown, anchor: .top)

    /// Yik Yak teal, #1BC2B6.
    static let teal = Color(hex: 0x1BC2B6)
    static let restScale = 0.5
    /// One full turn over one cycle: an animate block cannot express 360°.
    static let spin = BasicAnimation(
        .rotation, from: 0, to: 2 * Double.pi, duration: descriptor.cycleDuration, curve: .linear)

    /// The failure ending: a dimmed teal and a shake of the head.
    static let dimTeal = Color(hex: 0x5E8A87)
    static let shake = KeyframeAnimation(.rotation, [0, -0.35, 0.35, -0.35, 0.35, 0], duration: 0.55)

    private let host: StyleHost
    private var root: Layer?
    private var head: Layer?

    init(host: StyleHost) {
        self.host = host
    }

    func setup(root: Layer) -> Bool {
        let size = root.size
        guard let head = YakArtwork.makeHead(in: root, centre: Point(x: size.width / 2, y: size.height / 2))
        else { return false }
        root.setFill(Self.teal)
        self.root = root
        self.head = head
        reset()
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        guard let head else { return }
        head.rotation = 2 * Double.pi * ratio
        head.scale = Self.restScale + (1 - Self.restScale) * ratio
    }

    func stateChanged(from old: RefreshState, to new: RefreshState) {
        // Full size while refreshing, also when the refresh began without a pull.
        guard new == .refreshing, let head else { return }
        host.animate(duration: 0.25, curve: .easeOut) { head.scale = 1 }
    }

    func setupForCycle() {
        guard let head else { return }
        head.rotation = 0
        head.add(Self.spin)
    }

    func exit(done: @escaping () -> Void) {
        guard let head else { return done() }
        host.animate(duration: 0.2, curve: .easeOut) {
            head.rotation = 0
        } completion: { _ in
            done()
        }
    }

    func exit(result: RefreshResult, done: @escaping () -> Void) {
        guard result.kind == .failure, let root, let head else { return exit(done: done) }
        head.removeAllAnimations()
        head.rotation = 0
        host.animate(duration: 0.25, curve: .easeOut) { root.setFill(Self.dimTeal) }
        head.add(Self.shake) { _ in done() }
    }

    func reset() {
        guard let root, let head else { return }
        root.setFill(Self.teal)
        head.removeAllAnimations()
        head.rotation = 0
        head.scale = Self.restScale
    }
}
