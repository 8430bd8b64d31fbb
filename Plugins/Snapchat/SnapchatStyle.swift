import RefreshStyleKit

/// Snapchat ("one colour change per cycle"): a white ghost on Snapchat
/// yellow grows and fades in with the pull; each cycle the background tweens
/// to the next palette colour and the ghost wiggles; on exit the ghost
/// shrinks back and fades. When the refresh fails, the background turns grey
/// and the ghost shakes its head before it fades.
final class SnapchatStyle: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "com.refreshhost.snapchat", name: "Snapchat", version: "1.0.0", vendor: "RefreshHost",
        description: "A ghost on Snapchat yellow; each cycle the background changes colour and the ghost wiggles.",
        tags: ["ghost", "colourful", "card"], height: 70, cycleDuration: 0.3, cycleDelay: 0,
        cycleCurve: .easeInOut, presentation: .slideDown, anchor: .top)

    /// Snapchat yellow, the background at rest.
    static let yellow = Color(hex: 0xFFFC00)
    /// JH ColorChange's order, with UIKit's named colours: blue #0000FF,
    /// purple #800080, red #FF0000, orange #FF8000, yellow #FFFF00,
    /// green #00FF00, cyan #00FFFF.
    static let palette: [Color] = [0x0000FF, 0x800080, 0xFF0000, 0xFF8000, 0xFFFF00, 0x00FF00, 0x00FFFF]
        .map { Color(hex: $0) }
    static let restScale = 0.4
    static let wiggle = BasicAnimation(
        .rotation, from: 0, to: radians(fromDegrees: 10), duration: 0.15, curve: .easeInOut, autoreverses: true)

    /// The failure ending: a grey card, and the ghost shaking its head.
    static let failureGrey = Color(hex: 0xB0B0B0)
    static let shake = KeyframeAnimation(.rotation, [0, -0.3, 0.3, -0.3, 0.3, 0], duration: 0.5)

    private let host: StyleHost
    private var root: Layer?
    private var ghost: Layer?
    /// The next palette colour; carries over from one cycle (and refresh) to the next.
    private var paletteIndex = 0

    init(host: StyleHost) {
        self.host = host
    }

    func setup(root: Layer) -> Bool {
        let size = root.size
        guard let ghost = GhostArtwork.makeGhost(in: root, centre: Point(x: size.width / 2, y: size.height / 2))
        else { return false }
        self.root = root
        self.ghost = ghost
        reset()
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        guard let ghost else { return }
        ghost.scale = Self.restScale + (1 - Self.restScale) * ratio
        ghost.opacity = ratio
    }

    func stateChanged(from old: RefreshState, to new: RefreshState) {
        // Full size while refreshing, also when the refresh began without a pull.
        guard new == .refreshing, let ghost else { return }
        host.animate(duration: 0.25, curve: .easeOut) {
            ghost.scale = 1
            ghost.opacity = 1
        }
    }

    func cycle() {
        guard let root, let ghost else { return }
        root.setFill(Self.palette[paletteIndex])
        paletteIndex = (paletteIndex + 1) % Self.palette.count
        ghost.add(Self.wiggle)
    }

    func exit(done: @escaping () -> Void) {
        guard let ghost else { return done() }
        host.animate(duration: 0.25, curve: .easeIn) {
            ghost.scale = Self.restScale
            ghost.opacity = 0
        } completion: { _ in
            done()
        }
    }

    func exit(result: RefreshResult, done: @escaping () -> Void) {
        guard result.kind == .failure, let root, let ghost else { return exit(done: done) }
        ghost.removeAllAnimations()
        host.animate(duration: 0.2, curve: .easeOut) { root.setFill(Self.failureGrey) }
        ghost.add(Self.shake) { [self] _ in exit(done: done) }
    }

    func reset() {
        guard let root, let ghost else { return }
        ghost.removeAllAnimations()
        root.setFill(Self.yellow)
        ghost.scale = Self.restScale
        ghost.opacity = 0
        ghost.rotation = 0
    }
}
