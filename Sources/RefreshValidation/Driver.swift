import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshSession

/// One style instance in a session on a virtual clock, with what it did
/// recorded: the controller's events and the host's log. The checks read
/// the instance itself, so the session runs in this process (validate runs
/// each check in its own child process).
final class Driver {
    let session: LocalSession
    let tree: LayerTree
    var log: HostLog { session.log }
    var animator: PluginAnimator { session.animator }
    var controller: RefreshController { session.controller }
    let fps: Double
    private(set) var events: [(time: Double, event: RefreshEvent)] = []

    init(library: PluginLibrary, descriptor: StyleDescriptor, tree: LayerTree?, fps: Double, log: HostLog,
         settings: RunSettings = RunSettings(), parameters: [String: ParameterValue] = [:]) throws {
        self.fps = fps
        // Scale 2, render's default: a style is validated at the scale most of its pictures are drawn at.
        var session = SessionSettings()
        session.pixelScale = 2
        session.run = settings
        session.isolation = .inProcess
        do {
            self.session = try LocalSession(.library(library, descriptor, parameters: parameters), settings: session,
                                            log: log, tree: tree)
        } catch let .reported(.setup, why) {
            throw Prerequisite("\(descriptor.id): setup failed (\(why))")
        } catch {
            throw Prerequisite("\(descriptor.id): no instance could be made (\(error))")
        }
        self.tree = self.session.controller.tree
        self.session.observer.onEvent = { [unowned self] e in
            if let event = e.event { events.append((e.time, event)) }
        }
    }

    var now: Double { tree.timeline.now }
    var root: LayerID { controller.root }

    /// Frame by frame up to `time`, landing exactly on it; `onFrame` after each.
    func advance(to time: Double, onFrame: () -> Void = {}) {
        var t = now
        while t < time {
            // The next frame on the k / fps grid; the nudge keeps a time that
            // is a frame in all but rounding from counting as the one before.
            let next = ((t * fps + 1e-6).rounded(.down) + 1) / fps
            t = min(time, next)
            controller.advance(to: t)
            onFrame()
        }
        if now < time { controller.advance(to: time) }
    }

    /// Schedules `gesture` and runs until the controller is back at rest
    /// after its end, or `limit` seconds have passed.
    func run(_ gesture: Gesture, limit: Double = 30, onFrame: () -> Void = {}) {
        gesture.schedule(on: controller)
        let start = now
        while now < start + limit {
            advance(to: now + 1 / fps, onFrame: onFrame)
            if now > gesture.endTime && controller.isAtRest { break }
        }
    }

    /// Runs until at rest (idle, list settled), at most `limit` seconds more.
    func settle(limit: Double = 20, onFrame: () -> Void = {}) {
        let start = now
        while !controller.isAtRest && now < start + limit { advance(to: now + 1 / fps, onFrame: onFrame) }
    }

    /// Lets animations that outlive a reset (a fade-in, say) finish, at most `limit` seconds more.
    func settleAnimations(limit: Double = 5) {
        let end = now + limit
        while tree.animationCount(under: root) > 0 && now < end { advance(to: now + 1 / fps) }
    }

    /// Exits that started and whose done never came (the deadline ended them, or the run did).
    var exitsWithoutDone: Int {
        count { $0 == .exitStarted } - count { if case .exitDone = $0 { true } else { false } }
    }

    func snapshot() -> [LayerSnapshot] { tree.snapshot(root: controller.root) }

    func count(_ predicate: (RefreshEvent) -> Bool) -> Int { events.filter { predicate($0.event) }.count }

    func close() { session.close() }
}

/// The gestures checks use, named so a failure can say which one it ran.
enum Gestures {
    /// The CLI's default: pull to 1.5 x height over 0.6 s, release, refresh 2.5 s, end.
    static var standard: Gesture { Gesture() }

    /// A programmatic start ended after `refresh` seconds.
    static func programmatic(refresh: Double) -> Gesture {
        var g = Gesture()
        g.start = .programmatic
        g.refreshDuration = refresh
        return g
    }

    static func describe(_ g: Gesture) -> String {
        switch g.start {
        case .pull:
            let pull = g.pullDistance.map { "\(fmt($0)) pt" } ?? "1.5 x height"
            return "pull to \(pull) over \(fmt(g.pullDuration)) s, hold \(fmt(g.hold)) s, release, refresh \(fmt(g.refreshDuration)) s, end"
        case .programmatic:
            return "programmatic start, end after \(fmt(g.refreshDuration)) s"
        }
    }
}

func fmt(_ v: Double, _ decimals: Int = 3) -> String {
    var s = format(v, decimals: decimals)
    while s.contains("."), s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
