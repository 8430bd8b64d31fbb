import RefreshEmbedABI
import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime
import RefreshSession

/// A style as rhe_style_info_t and its parameters as rhe_param_info_t, strings in `pool`.
struct StyleInfo {
    var info: rhe_style_info_t
    var params: [rhe_param_info_t]

    /// What `descriptor` declares, from the plugin `file`.
    init(_ descriptor: StyleDescriptor, file: String, pool: CStrings) {
        let m = descriptor.metrics
        info = rhe_style_info_t()
        info.struct_size = UInt32(MemoryLayout<rhe_style_info_t>.size)
        info.id = pool.add(descriptor.id)
        info.name = pool.add(descriptor.name)
        info.version = pool.add(descriptor.version)
        info.file = pool.add(file)
        info.header = true
        info.footer = m.supportsFooter
        info.height = m.height
        info.trigger_distance = m.triggerDistance
        info.max_pull = m.maxPull ?? 0
        info.physics = m.physics.map { rhe_physics_t($0.rawValue) } ?? rhe_physics_t(RHE_PHYSICS_DEFAULT)
        info.trigger = m.trigger.map { rhe_trigger_t($0.rawValue) } ?? rhe_trigger_t(RHE_TRIGGER_DEFAULT)
        info.presentation = Self.presentation(m.presentation)
        info.param_count = descriptor.parameters.count
        params = descriptor.parameters.map { Self.param($0, pool: pool) }
    }

    /// How a view runs its style: the host's decisions in force.
    init(running e: HostEnvironment, descriptor: StyleDescriptor, file: String, pool: CStrings) {
        self.init(descriptor, file: file, pool: pool)
        info.height = e.restingHeight
        info.trigger_distance = e.triggerDistance
        info.max_pull = e.maxPull
        info.physics = rhe_physics_t(e.physics.rawValue)
        info.trigger = rhe_trigger_t(e.trigger.rawValue)
        info.presentation = Self.presentation(e.presentation)
    }

    static func presentation(_ p: Presentation) -> rhe_presentation_t {
        switch p {
        case .slideDown: rhe_presentation_t(RHE_PRESENTATION_SLIDE_DOWN)
        case .background: rhe_presentation_t(RHE_PRESENTATION_BACKGROUND)
        case .front: rhe_presentation_t(RHE_PRESENTATION_FRONT)
        }
    }

    private static func param(_ p: StyleParameter, pool: CStrings) -> rhe_param_info_t {
        var info = rhe_param_info_t()
        info.struct_size = UInt32(MemoryLayout<rhe_param_info_t>.size)
        info.id = pool.add(p.id)
        info.label = pool.add(p.label ?? p.id)
        info.default_text = pool.add("")
        switch p.kind {
        case let .number(min, max, value):
            info.kind = rhe_param_kind_t(RHE_PARAM_NUMBER)
            (info.min, info.max, info.default_number) = (min, max, value)
        case let .color(value):
            info.kind = rhe_param_kind_t(RHE_PARAM_COLOR)
            info.default_color = rhe_color_t(r: value.r, g: value.g, b: value.b, a: value.a)
        case let .boolean(value):
            info.kind = rhe_param_kind_t(RHE_PARAM_BOOLEAN)
            info.default_boolean = value
        case let .choice(choices, index):
            info.kind = rhe_param_kind_t(RHE_PARAM_CHOICE)
            info.choices = pool.add(choices)
            info.choice_count = choices.count
            info.default_choice = index
        case let .text(value):
            info.kind = rhe_param_kind_t(RHE_PARAM_TEXT)
            info.default_text = pool.add(value)
        }
        return info
    }
}
