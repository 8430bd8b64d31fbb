import RefreshStyleKit

/// The Yelp ("Jackrabbit") loading header: a compass enters from the right
/// and a spinner from the left; they meet in the middle at the trigger
/// distance and lock together. Each cycle the spinner turns a further
/// quarter and a translucent colour layer steps through six colours.
///
/// Presentation is background with a top anchor: the root stays at the top
/// of the screen and the list uncovers it, so the revealed strip is
/// [0, distance] in the root's coordinates, as the original's refresh
/// control bounds were. Geometry, in the root layer's coordinates: the compass and the spinner are 60 x 60 with the default
/// anchor (0.5, 0.5), so `position` is their centre:
///   ratio    = min(distance, 100) / 100
///   left x   = midX + 30 - 60 * ratio (compass), midX - 90 + 60 * ratio (spinner)
///   top y    = distance / 2 - 30 (vertically centred in the strip)
///   position = (left + 30, distance / 2)
/// Once the two lefts are within 1 pt they lock at midX - 30 until reset
/// (or the controller goes back to idle). On entering refreshing, which no
/// pull follows, everything moves (0.25 s) to the layout for the header at
/// rest, distance = height = 100: both at (130, 20) on a 320-wide root. The
/// colour and clip layers have anchor (0, 0) at (0, 0), the root's width and
/// `distance` as height; the clip layer clips the two graphics.
///
/// A refresh that fails undoes the lock: the compass and the spinner slide
/// apart again, dimmed, while the colour layer fades to grey (0.45 s).
final class YelpStyle: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "com.refreshhost.yelp", name: "Yelp", version: "1.0.0", vendor: "RefreshHost",
        description: "A compass and a spinner slide together; the spinner turns while the header flashes colours.",
        tags: ["compass", "card"], height: 100, cycleDuration: 0.3, cycleDelay: 0,
        cycleCurve: .linear, presentation: .background, anchor: .top)

    /// The pull math's fixed trigger distance.
    static let pullRange = 100.0
    /// How far down the colour layer reaches while refreshing.
    static let colourReach = 1000.0
    /// The failure ending's grey, and how long it takes.
    static let failureGrey = Color(hex: 0x8E8E93)
    static let failureDuration = 0.45
    /// Red, blue, purple, cyan, orange, magenta.
    static let colours: [Color] = [0xFF0000, 0x0000FF, 0x800080, 0x00FFFF, 0xFF8000, 0xFF00FF].map { Color(hex: $0) }

    private struct Layers {
        let root: Layer
        let colour: Layer
        let clip: Layer
        let compass: Layer
        let spinner: Layer
    }

    private let host: StyleHost
    private var layers: Layers?
    private var locked = false
    /// The next colour; carries over from one refresh to the next.
    private var colourIndex = 0

    init(host: StyleHost) {
        self.host = host
    }

    func setup(root: Layer) -> Bool {
        guard let colour = root.addChild(.rect), let clip = root.addChild(.group),
              let compass = YelpArtwork.makeCompass(in: clip),
              let spinner = YelpArtwork.makeSpinner(in: clip)
        else { return false }
        for strip in [colour, clip] {
            strip.anchorPoint = .zero
            strip.position = .zero
        }
        colour.opacity = 0.3
        colour.setFill(.clear)
        clip.clipsToBounds = true
        layers = Layers(root: root, colour: colour, clip: clip, compass: compass, spinner: spinner)
        layout(distance: 0)
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        layout(distance: distance)
    }

    func stateChanged(from old: RefreshState, to new: RefreshState) {
        switch new {
        case .refreshing:
            // Refreshing keeps the graphics together, centred in the header
            // at rest (also when the refresh was started without a pull).
            locked = true
            host.animate(duration: 0.25, curve: .easeOut) { layout(distance: Self.descriptor.height) }
            // No pull arrives while refreshing, yet the list may still be
            // bouncing back from further down. The list covers all but the
            // revealed strip (background presentation), so the colour layer
            // can reach past any bounce and always fill the strip.
            if let layers { layers.colour.size = Size(width: layers.root.size.width, height: Self.colourReach) }
        case .idle:
            // Pulled past the trigger and back without releasing: the next
            // pull starts apart again, as in the original, where reaching
            // the trigger always meant a refresh and a reset.
            locked = false
        default:
            break
        }
    }

    func cycle() {
        guard let layers else { return }
        layers.spinner.rotation += Double.pi / 2  // accumulates; never reset
        layers.colour.setFill(Self.colours[colourIndex])
        colourIndex = (colourIndex + 1) % Self.colours.count
    }

    func exit(result: RefreshResult, done: @escaping () -> Void) {
        guard result.kind == .failure, let layers else { return done() }
        let side = YelpArtwork.side, midX = layers.root.size.width / 2
        host.animate(duration: Self.failureDuration, curve: .easeInOut) {
            layers.compass.position.x = midX + side
            layers.spinner.position.x = midX - side
            for graphic in [layers.compass, layers.spinner] { graphic.opacity = 0.5 }
            layers.colour.setFill(Self.failureGrey)
        } completion: { _ in
            done()
        }
    }

    func reset() {
        guard let layers else { return }
        locked = false
        layers.colour.setFill(.clear)
        for graphic in [layers.compass, layers.spinner] { graphic.opacity = 1 }
        // The header has closed: lay out as setup did, for a pull of 0 (the
        // last layout was the refresh's, at the full height).
        layout(distance: 0)
    }

    private func layout(distance: Double) {
        guard let layers else { return }
        let width = layers.root.size.width
        let midX = width / 2
        let side = YelpArtwork.side
        let ratio = min(max(distance, 0), Self.pullRange) / Self.pullRange
        var compassX = midX + side / 2 - side * ratio
        var spinnerX = midX - side - side / 2 + side * ratio
        if abs(compassX - spinnerX) < 1 { locked = true }
        if locked {
            compassX = midX - side / 2
            spinnerX = compassX
        }
        let centreY = distance / 2
        layers.compass.position = Point(x: compassX + side / 2, y: centreY)
        layers.spinner.position = Point(x: spinnerX + side / 2, y: centreY)
        let strip = Size(width: width, height: max(distance, 0))
        layers.colour.size = strip
        layers.clip.size = strip
    }
}
