import RefreshEmbedABI
import RefreshHostController
import RefreshLayers
import RefreshSession

/// rhe_view_options_t, read and checked: the session's settings and where events go.
struct ViewOptions {
    var settings = SessionSettings()
    var onEvent: rhe_event_fn?
    var userData: UnsafeMutableRawPointer?

    init(_ pointer: UnsafePointer<rhe_view_options_t>?, host: EmbedHost) throws(EmbedError) {
        guard let pointer else { throw .invalid("options is NULL (the view's size is required)") }
        let o = try StructSize.read(pointer, "options", minimum: MemoryLayout<rhe_view_options_t>.size)
        for (value, name) in [(o.width, "width"), (o.height, "height")] {
            guard value.isFinite, value >= 10, value <= 10_000 else { throw .range("\(name) \(value) is not in [10, 10000] points") }
        }
        settings.width = o.width
        settings.height = o.height
        if o.scale != 0 {
            guard o.scale.isFinite, o.scale > 0, o.scale <= 8 else { throw .range("scale \(o.scale) is not in (0, 8]") }
            settings.pixelScale = o.scale
        }
        guard let edge = Edge(rawValue: o.edge) else { throw .invalid("edge \(o.edge) is not an rhe_edge_t") }
        var run = RunSettings(edge: edge, reduceMotion: o.reduce_motion)
        if o.physics != RHE_PHYSICS_DEFAULT {
            guard let physics = Physics(rawValue: o.physics) else { throw .invalid("physics \(o.physics) is not an rhe_physics_t") }
            run.physics = physics
        }
        if o.trigger != RHE_TRIGGER_DEFAULT {
            guard let trigger = TriggerPolicy(rawValue: o.trigger) else { throw .invalid("trigger \(o.trigger) is not an rhe_trigger_t") }
            run.trigger = trigger
        }
        switch Int(o.presentation) {
        case RHE_PRESENTATION_DEFAULT: break
        case RHE_PRESENTATION_SLIDE_DOWN: run.presentation = .slideDown
        case RHE_PRESENTATION_BACKGROUND: run.presentation = .background
        case RHE_PRESENTATION_FRONT: run.presentation = .front
        default: throw .invalid("presentation \(o.presentation) is not an rhe_presentation_t")
        }
        run.theme = o.dark ? .dark : .light
        if o.custom_colors {
            run.theme = Theme(primary: try Self.color(o.primary, "primary"), accent: try Self.color(o.accent, "accent"),
                              background: try Self.color(o.background, "background"), dark: o.dark)
        }
        settings.run = run
        settings.parameters = try Self.parameters(o.params, count: o.param_count)
        settings.isolation = try HostOptions.isolation(o.isolation, default: host.options.isolation, "isolation")
        settings.budget = host.options.budget
        // The application's main thread waits on each call: a loaded machine may stretch the
        // budget's own time to twice as long in wall time, not ten times.
        settings.budgetWallCap = 2
        // The log's lines come back as events for the host's callback.
        if host.options.log != nil { settings.reports = [.log] }
        onEvent = o.on_event
        userData = o.user_data
    }

    private static func color(_ c: rhe_color_t, _ name: String) throws(EmbedError) -> RGBA {
        let rgba = RGBA(c.r, c.g, c.b, c.a)
        guard rgba.isValid else { throw .range("\(name) (\(c.r), \(c.g), \(c.b), \(c.a)) has a component outside [0, 1]") }
        return rgba
    }

    private static func parameters(_ list: UnsafePointer<rhe_param_t>?, count: Int) throws(EmbedError) -> [String: String] {
        guard count > 0 else { return [:] }
        guard count <= 256 else { throw .range("param_count \(count) is over 256") }
        guard let list else { throw .invalid("params is NULL with a param_count of \(count)") }
        var values: [String: String] = [:]
        for i in 0..<count {
            guard let name = list[i].name, let value = list[i].value else { throw .invalid("params[\(i)] has a NULL name or value") }
            values[String(cString: name)] = String(cString: value)
        }
        return values
    }
}
