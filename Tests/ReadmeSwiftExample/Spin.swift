import RefreshHostABI
import RefreshStyleKit

final class Spin: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "com.example.spin", name: "Spin", version: "1.0.0", height: 80, cycleDuration: 0.6,
        cycleCurve: .linear)

    private let host: StyleHost
    private var wheel: Layer?

    init(host: StyleHost) { self.host = host }

    func setup(root: Layer) -> Bool {
        wheel = root.addChild(.ellipse, frame: Rect(x: root.size.width / 2 - 20, y: 20, width: 40, height: 40))
        wheel?.setFill(Color(hex: 0x1BC2B6))
        return wheel != nil
    }

    func pull(distance: Double, ratio: Double, velocity: Double) { wheel?.rotation = 2 * .pi * ratio }

    func setupForCycle() {
        wheel?.add(BasicAnimation(.rotation, from: 0, to: 2 * .pi, duration: 0.6, curve: .linear))
    }

    func exit(done: @escaping () -> Void) {
        host.animate(duration: 0.2, curve: .easeOut, changes: { self.wheel?.opacity = 0 },
                     completion: { _ in done() })
    }

    func reset() { wheel?.opacity = 1 }
}

@c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> { RefreshStyleKit.entry(for: [Spin.self]) }
