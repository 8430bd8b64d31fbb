import RefreshStyleKit

/// Yik Yak ("one spin of the yak's head"): on teal, the yak's head turns
/// and grows with the pull; each cycle it makes one full turn; on exit it
/// settles upright. When the refresh fails, the teal dims and the yak shakes
/// its head, then settles upright.
///
/// ABI 1.3: `--param spins=N` turns the head N times per cycle (1 to 3) and
/// `--param background=#RRGGBB` replaces the teal. With reduce-motion the
/// head never turns: it grows with the pull, breathes (its opacity dips and
/// returns) once per cycle, and a failure only dims the background. As a
/// footer (`--edge footer`), a load that finds no more data leaves the yak
/// dozing: small and faded, until the footer is reset.
final class YikYakStyle: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "com.refreshhost.yikyak", name: "Yik Yak", version: "1.1.0", vendor: "RefreshHost",
        description: "A yak's head that turns with the pull and spins once per cycle.",
        tags: ["yak", "spin", "card"], height: 80, cycleDuration: 0.6, cycleDelay: 0,
        cycleCurve: .linear, presentation: .slideDown, anchor: .top,
        flags: [.reducedMotion, .footer],
        parameters: [
            .number("spins", label: "Turns per cycle", in: 1...3, default: 1),
            .color("background", label: "Background", default: teal),
        ])

    /// Yik Yak teal, #1BC2B6.
    static let teal = Color(hex: 0x1BC2B6)
    static let restScale = 0.5

    /// The failure ending: the background darkened, and a shake of the head.
    static let dimming = 0.55
    static let shake = KeyframeAnimation(.rotation, [0, -0.35, 0.35, -0.35, 0.35, 0], duration: 0.55)
    /// Reduce-motion's cycle: an opacity dip instead of a turn.
    static let breath = KeyframeAnimation(.opacity, [1, 0.45, 1], duration: descriptor.cycleDuration)

    private let host: StyleHost
    private var root: Layer?
    private var head: Layer?
    private var background = teal
    private var calm = false
    /// One cycle's turns (an animate block cannot express 360°, so a key-path animation).
    private var spin = BasicAnimation(.rotation, from: 0, to: 2 * Double.pi, duration: descriptor.cycleDuration)

    init(host: StyleHost) {
        self.host = host
    }

    func setup(root: Layer) -> Bool {
        let size = root.size
        guard let head = YakArtwork.makeHead(in: root, centre: Point(x: size.width / 2, y: size.height / 2))
        else { return false }
        calm = host.environment?.reduceMotion ?? false
        background = host.color("background") ?? Self.teal
        spin.to = 2 * Double.pi * (host.number("spins") ?? 1)
        self.root = root
        self.head = head
        reset()
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        guard let head else { return }
        head.rotation = calm ? 0 : 2 * Double.pi * ratio
        head.scale = Self.restScale + (1 - Self.restScale) * ratio
    }

    func stateChanged(from old: RefreshState, to new: RefreshState) {
        guard let head else { return }
        switch new {
        case .refreshing:
            // Full size while refreshing, also when the refresh began without a pull.
            host.animate(duration: 0.25, curve: .easeOut) { head.scale = 1 }
        case .noMore:
            // A footer with nothing more to load: the yak dozes off, small and faded.
            host.animate(duration: 0.4, curve: .easeOut) {
                head.scale = Self.restScale
                head.opacity = 0.45
            }
        default:
            break
        }
    }

    func setupForCycle() {
        guard let head else { return }
        head.rotation = 0
        if calm { head.add(Self.breath) } else { head.add(spin) }
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
        let dim = Color(red: background.red * Self.dimming + 0.18, green: background.green * Self.dimming + 0.18,
                        blue: background.blue * Self.dimming + 0.18)
        guard !calm else {
            host.animate(duration: 0.4, curve: .easeOut) { root.setFill(dim) } completion: { _ in done() }
            return
        }
        host.animate(duration: 0.25, curve: .easeOut) { root.setFill(dim) }
        head.add(Self.shake) { _ in done() }
    }

    func reset() {
        guard let root, let head else { return }
        root.setFill(background)
        head.removeAllAnimations()
        head.rotation = 0
        head.scale = Self.restScale
        head.opacity = 1
    }
}
