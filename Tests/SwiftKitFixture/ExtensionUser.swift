import RefreshStyleKit

/// Exercises RefreshStyleKit's ABI 1.5 extension wrappers from a real Swift
/// plugin: the theme's choices, a spring's settling duration, a spring key-path
/// animation and block, cumulative and additive animations, and a pull-driven and
/// a manual timeline (the manual one set from pull), blur and compositing. Each answer is logged as
/// "label: answer"; refusals come back as statuses, not crashes.
final class ExtensionUser: RefreshStyle {
    static let descriptor = StyleDescriptor(id: "test.swiftkit.extensions", name: "Extension user", version: "1.0.0",
                                            height: 60, cycleDuration: 0.5)

    private let host: StyleHost
    private var manual: Timeline?

    init(host: StyleHost) { self.host = host }

    func say(_ label: String, _ answer: Any) { host.log("\(label): \(answer)") }

    func setup(root: Layer) -> Bool {
        guard let dot = root.addChild(.ellipse, frame: Rect(x: 10, y: 10, width: 20, height: 20)),
              let bar = root.addChild(.rect, frame: Rect(x: 0, y: 40, width: 40, height: 10)) else { return false }
        say("theme choice", host.themeChoice.map { String($0.rawValue) } ?? "nil")
        say("settle", host.settlingDuration(of: Spring()).map { String(($0 * 1e4).rounded() / 1e4) } ?? "nil")
        say("settle bad", host.settlingDuration(of: Spring(damping: .nan)).map(String.init(describing:)) ?? "nil")
        say("spring key-path", dot.add(BasicAnimation(.positionX, from: 20, to: 120, duration: 0), spring: Spring()))
        var blockDone = "pending"
        host.animate(spring: Spring(stiffness: 200, damping: 20), changes: { dot.opacity = 0.5 },
                     completion: { blockDone = "\($0)" })
        say("spring block", blockDone)
        say("cumulative", dot.add(BasicAnimation(.rotation, from: 0, to: 3.2 * .pi, duration: 1, repeatCount: .infinity),
                                  composing: .cumulative))
        say("additive", dot.add(KeyframeAnimation(.positionY, [0, 10, 0], duration: 0.5, repeatCount: .infinity),
                                composing: .additive))
        say("additive colours", bar.add(KeyframeAnimation(.colors(.fill, [.black, .white]), duration: 1),
                                        composing: .additive))
        if let pull = host.makeTimeline(.pullRatio) {
            say("timeline add", pull.add(BasicAnimation(.positionX, from: 0, to: 200, duration: 1), to: bar))
            say("timeline set pull-driven", pull.set(time: 0.5))
        }
        manual = host.makeTimeline(.manual)
        say("manual add", manual.map { $0.add(KeyframeAnimation(.scaleY, [1, 2, 3], duration: 2), to: bar) } ?? .badState)
        say("manual set NaN", manual?.set(time: .nan) ?? .badState)
        // rh.effects/1
        say("blur", dot.setBlur(radius: 6))
        say("blur NaN", dot.setBlur(radius: .nan))
        say("blur read", dot.effect(.blurRadius).map { String($0) } ?? "nil")
        say("compositing", bar.setCompositing(.out))
        say("blur animation", bar.addEffectAnimation(.blurRadius, from: 0, to: 8, duration: 2))
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        manual?.set(time: distance / 60)
    }
}
