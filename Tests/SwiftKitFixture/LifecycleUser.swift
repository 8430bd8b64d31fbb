import RefreshStyleKit

/// Exercises RefreshStyleKit's ABI 1.3 API from a real Swift plugin: the
/// descriptor's lifecycle fields, the environment, every parameter kind,
/// haptics and announcements, position in every phase, the result-carrying
/// exit and closed. Each answer is logged as "label: answer".
final class LifecycleUser: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "test.swiftkit.lifecycle", name: "Lifecycle user", version: "1.0.0", height: 50, cycleDuration: 0.4,
        triggerDistance: 70, maxPull: 180, trigger: .onReach, physics: .smart,
        flags: [.themeable, .reducedMotion, .exitWhileClosing],
        announcements: Announcements(refreshing: "Fetching", failure: "Could not fetch"),
        parameters: [
            .number("speed", label: "Spin speed", in: 0.5...3, default: 1),
            .color("tint", default: Color(hex: 0x336699)),
            .bool("sparkle", default: true),
            .choice("shape", ["dot", "ring"], default: 1),
            .text("caption", default: "hello"),
        ])

    private let host: StyleHost
    private var phases: [Pull.Phase] = []

    init(host: StyleHost) { self.host = host }

    func say(_ label: String, _ answer: Any) { host.log("\(label): \(answer)") }

    func setup(root: Layer) -> Bool {
        guard let env = host.environment else {
            say("environment", "nil")
            return false
        }
        say("environment", "trigger=\(env.triggerDistance) rest=\(env.restingHeight) max=\(env.maxPull) "
            + "policy=\(env.trigger) physics=\(env.physics) reduce=\(env.reduceMotion) dark=\(env.theme.dark) edge=\(env.edge)")
        say("speed", host.number("speed").map(String.init(describing:)) ?? "nil")
        say("tint", host.color("tint").map { c in [c.red, c.green, c.blue].map { String(Int(($0 * 255).rounded())) }.joined(separator: " ") } ?? "nil")
        say("sparkle", host.flag("sparkle").map(String.init(describing:)) ?? "nil")
        say("shape", host.choice("shape").map(String.init(describing:)) ?? "nil")
        say("caption", host.text("caption") ?? "nil")
        say("speed as text", host.text("speed") ?? "nil")
        say("unknown", host.number("nope").map(String.init(describing:)) ?? "nil")
        return true
    }

    func position(_ pull: Pull) {
        if phases.last != pull.phase {
            phases.append(pull.phase)
            say("phase", "\(pull.phase) finger=\(pull.fingerX == nil ? "none" : "yes")")
        }
    }

    func exit(result: RefreshResult, done: @escaping () -> Void) {
        say("exit", "\(result.kind) \(result.message ?? "-")")
        say("haptic", host.haptic(result.kind == .failure ? .error : .success))
        say("haptic again", host.haptic(.light))
        say("announce", host.announce("Nothing new"))
        done()
    }

    func closed() { say("closed", "yes") }
}
