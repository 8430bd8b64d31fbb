import RefreshHostController
import RefreshWorker
import RefreshLayers

/// Settings, input and a style's summary on the wire. The worker trusts its
/// supervisor's settings no more than it must (every value is checked, as
/// any message is); the supervisor checks the summary a worker sends.
enum SettingsCoding {
    static func encode(_ s: SessionSettings, into w: inout WireWriter) {
        for v in [s.width, s.height, s.pixelScale, s.exitDeadline, s.budget] { w.f64(v) }
        w.u8(s.isolation.rawValue)
        w.u8(s.reports.rawValue)
        let run = s.run
        w.u8(UInt8(run.physics?.rawValue ?? 0))
        w.u8(UInt8(run.trigger?.rawValue ?? 0))
        w.u8(run.presentation.map { UInt8($0.rawValue) + 1 } ?? 0)
        w.u8(UInt8(run.edge.rawValue))
        w.bool(run.reduceMotion)
        encode(run.theme, into: &w)
        w.u32(UInt32(s.parameters.count))
        for (name, text) in s.parameters.sorted(by: { $0.key < $1.key }) {
            w.string(name)
            w.string(text)
        }
    }

    static func settings(_ r: inout WireReader) throws(WireError) -> SessionSettings {
        var s = SessionSettings()
        s.width = try r.finite("the viewport's width")
        s.height = try r.finite("the viewport's height")
        s.pixelScale = try r.finite("the pixel scale")
        s.exitDeadline = try r.finite("the exit deadline")
        s.budget = try r.finite("the budget")
        guard s.width > 0, s.height > 0, s.pixelScale > 0 else { throw WireError("a viewport or scale of 0 or less") }
        guard let isolation = SessionSettings.Isolation(rawValue: try r.u8()) else { throw WireError("unknown isolation") }
        s.isolation = isolation
        s.reports = SessionSettings.Reports(rawValue: try r.u8())
        let physics = try r.u8(), trigger = try r.u8(), presentation = try r.u8()
        s.run.physics = physics == 0 ? nil : try known(Physics(rawValue: Int32(physics)), "physics")
        s.run.trigger = trigger == 0 ? nil : try known(TriggerPolicy(rawValue: Int32(trigger)), "trigger policy")
        s.run.presentation = presentation == 0 ? nil : try known(Presentation(rawValue: Int32(presentation) - 1), "presentation")
        s.run.edge = try known(Edge(rawValue: Int32(try r.u8())), "edge")
        s.run.reduceMotion = try r.bool()
        s.run.theme = try theme(&r)
        let count = try r.count(max: 256, of: "parameters")
        for _ in 0..<count {
            let name = try r.string(max: 256)
            s.parameters[name] = try r.string(max: 4096)
        }
        return s
    }

    static func encode(_ input: SessionInput, into w: inout WireWriter) {
        switch input {
        case let .touchDown(x): w.u8(1); w.f64(x ?? .nan)
        case let .moveFinger(translation, arriving, x): w.u8(2); w.f64(translation); w.f64(arriving ?? .nan); w.f64(x ?? .nan)
        case .release: w.u8(3)
        case .beginRefreshing: w.u8(4)
        case let .endRefreshing(result): w.u8(5); EventCoding.encode(result, into: &w)
        case let .script(g):
            w.u8(6)
            w.bool(g.start == .programmatic)
            for v in [g.pullDistance ?? .nan, g.pullDuration, g.hold, g.refreshDuration, g.startTime, g.fingerFraction,
                      g.fingerEndFraction ?? .nan] { w.f64(v) }
            EventCoding.encode(g.result, into: &w)
        case let .setEnabled(enabled): w.u8(7); w.bool(enabled)
        }
    }

    static func input(_ r: inout WireReader) throws(WireError) -> SessionInput {
        func optional(_ v: Double) -> Double? { v.isFinite ? v : nil }
        switch try r.u8() {
        case 1: return .touchDown(x: optional(try r.f64()))
        case 2:
            let translation = try r.finite("a finger's translation")
            return .moveFinger(translation: translation, arriving: optional(try r.f64()), x: optional(try r.f64()))
        case 3: return .release
        case 4: return .beginRefreshing
        case 5: return .endRefreshing(try EventCoding.result(&r))
        case 6:
            var g = Gesture()
            g.start = try r.bool() ? .programmatic : .pull
            g.pullDistance = optional(try r.f64())
            g.pullDuration = try r.finite("a pull's duration")
            g.hold = try r.finite("a hold")
            g.refreshDuration = try r.finite("a refresh's duration")
            g.startTime = try r.finite("a gesture's start")
            g.fingerFraction = try r.finite("where the finger touches")
            g.fingerEndFraction = optional(try r.f64())
            g.result = try EventCoding.result(&r)
            return .script(g)
        case 7: return .setEnabled(try r.bool())
        case let tag: throw WireError("unknown input \(tag)")
        }
    }

    static func encode(_ s: StyleSummary, into w: inout WireWriter) {
        for text in [s.id, s.name, s.version, s.file] { w.string(text) }
        w.f64(s.triggerDistance)
        w.f64(s.height)
        let e = s.environment
        for v in [e.edge.rawValue, e.presentation.rawValue, e.trigger.rawValue, e.physics.rawValue] { w.u8(UInt8(v)) }
        for v in [e.triggerDistance, e.restingHeight, e.maxPull, e.viewportWidth, e.viewportHeight] { w.f64(v) }
        w.bool(e.reduceMotion)
        encode(e.theme, into: &w)
    }

    static func summary(_ r: inout WireReader) throws(WireError) -> StyleSummary {
        let id = try r.string(max: 256), name = try r.string(max: 256)
        let version = try r.string(max: 256), file = try r.string(max: 4096)
        let trigger = try r.finite("the style's trigger distance"), height = try r.finite("the style's height")
        let edge = try known(Edge(rawValue: Int32(try r.u8())), "edge")
        let presentation = try known(Presentation(rawValue: Int32(try r.u8())), "presentation")
        let policy = try known(TriggerPolicy(rawValue: Int32(try r.u8())), "trigger policy")
        let physics = try known(Physics(rawValue: Int32(try r.u8())), "physics")
        let distance = try r.finite("the trigger distance"), resting = try r.finite("the resting height")
        let maxPull = try r.finite("the maximum pull")
        let width = try r.finite("the viewport's width"), viewport = try r.finite("the viewport's height")
        let reduceMotion = try r.bool()
        let environment = HostEnvironment(
            edge: edge, presentation: presentation, trigger: policy, physics: physics, triggerDistance: distance,
            restingHeight: resting, maxPull: maxPull, viewportWidth: width, viewportHeight: viewport,
            reduceMotion: reduceMotion, theme: try theme(&r))
        return StyleSummary(id: id, name: name, version: version, file: file, triggerDistance: trigger, height: height,
                            environment: environment)
    }

    private static func encode(_ t: Theme, into w: inout WireWriter) {
        for c in [t.primary, t.accent, t.background] { SnapshotCoding.color(c, &w) }
        w.bool(t.dark)
        w.u8(UInt8(t.given.rawValue & ThemeParts.known.rawValue))
    }

    private static func theme(_ r: inout WireReader) throws(WireError) -> Theme {
        Theme(primary: try SnapshotCoding.color(&r, "the theme's primary"), accent: try SnapshotCoding.color(&r, "the theme's accent"),
              background: try SnapshotCoding.color(&r, "the theme's background"), dark: try r.bool(),
              given: ThemeParts(rawValue: UInt32(try r.u8())).intersection(.known))
    }

    private static func known<T>(_ value: T?, _ what: String) throws(WireError) -> T {
        guard let value else { throw WireError("unknown \(what)") }
        return value
    }
}
