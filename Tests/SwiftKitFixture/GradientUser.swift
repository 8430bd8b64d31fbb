import RefreshHostABI
import RefreshStyleKit

/// Exercises RefreshStyleKit's gradient API (ABI 1.1) from a real Swift
/// plugin: a gradient band set in setup, removed while refreshing and put back
/// by reset, plus the calls the host must refuse. It logs what each call
/// returned, so the test sees the kit's answers as well as the host's.
final class GradientUser: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "test.swiftkit.gradient", name: "Gradient user", version: "1.0.0", height: 60, cycleDuration: 0.5)

    static let band = Gradient(
        start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5),
        stops: [.init(0, Color(hex: 0x14C2D5)), .init(0.25, .white), .init(1, .black.withAlpha(0.5))])

    private let host: StyleHost
    private var rect: Layer?

    init(host: StyleHost) { self.host = host }

    func setup(root: Layer) -> Bool {
        guard let rect = root.addChild(.rect, frame: Rect(x: 10, y: 10, width: 200, height: 40)),
              let group = root.addChild(.group, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        else { return false }
        self.rect = rect
        rect.cornerRadius = 8
        host.log("set: \(rect.setGradient(Self.band))")
        host.log("group: \(group.setGradient(Self.band))")
        host.log("one stop: \(rect.setGradient(Gradient(stops: [.init(0, .white)])))")
        host.log("start == end: \(rect.setGradient(Gradient(start: Point(x: 0.5, y: 0.5), end: Point(x: 0.5, y: 0.5), colors: [.white, .black])))")
        return true
    }

    func setupForCycle() { host.log("remove: \(rect?.removeGradient() ?? false)") }

    func reset() { rect?.setGradient(Self.band) }
}
