import RefreshHostABI
import RefreshHostController
import RefreshLayers
import RefreshText

/// ABI 1.3: what the host decided for the instance (environment), the
/// style's typed parameters (param_get), and the style's own haptics and
/// announcements, which go to the controller and count against its limits.
extension HostServices {
    static func installLifecycle(_ t: inout rh_host_t) {
        t.environment = environment
        t.param_get = paramGet
        t.haptic = haptic
        t.announce = announce
    }

    static let environment: @convention(c) (UnsafePointer<rh_host_t>?, UnsafeMutablePointer<rh_environment_t>?) -> rh_status_t = {
        host, out in
        serve(host, "environment", shown()) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let declared = Int(UnsafeRawPointer(out).loadUnaligned(as: UInt32.self))
            guard declared >= 8 else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out->struct_size \(declared) is too small (at least 8)")
            }
            guard let e = context.environment else { throw ServiceError(RH_ERR_BAD_STATE, "called before setup") }
            var v = rh_environment_t()
            v.struct_size = UInt32(MemoryLayout<rh_environment_t>.size)
            v.edge = e.edge.rawValue
            v.presentation = e.presentation.rawValue
            v.trigger = e.trigger.rawValue
            v.physics = e.physics.rawValue
            v.trigger_distance = e.triggerDistance
            v.resting_height = e.restingHeight
            v.max_pull = e.maxPull
            v.viewport_width = e.viewportWidth
            v.viewport_height = e.viewportHeight
            v.reduce_motion = e.reduceMotion
            v.theme = rh_theme_t(struct_size: UInt32(MemoryLayout<rh_theme_t>.size), primary: c(e.theme.primary),
                                 accent: c(e.theme.accent), background: c(e.theme.background), dark: e.theme.dark)
            // Only the bytes the caller's struct holds; struct_size stays the caller's.
            let size = min(declared, MemoryLayout<rh_environment_t>.size)
            withUnsafeBytes(of: &v) { bytes in
                UnsafeMutableRawPointer(out).advanced(by: 4).copyMemory(from: bytes.baseAddress! + 4, byteCount: size - 4)
            }
        }
    }

    private static func c(_ color: RGBA) -> rh_color_t { rh_color_t(r: color.r, g: color.g, b: color.b, a: color.a) }

    static let paramGet: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<CChar>?, UnsafeMutablePointer<rh_param_value_t>?) -> rh_status_t = {
        host, id, out in
        serve(host, "param_get", shown(id)) { context throws(ServiceError) in
            guard let id, let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, id == nil ? "id is NULL" : "out is NULL") }
            let declared = Int(UnsafeRawPointer(out).loadUnaligned(as: UInt32.self))
            guard declared >= MemoryLayout<rh_param_value_t>.size else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT,
                                   "out->struct_size \(declared) is too small (at least \(MemoryLayout<rh_param_value_t>.size))")
            }
            let name = String(decoding: UnsafeRawBufferPointer(start: id, count: strnlen(id, 64)), as: UTF8.self)
            guard let p = context.parameters.first(where: { $0.id == name }) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "the style declares no parameter \"\(name)\"")
            }
            var v = rh_param_value_t()
            v.struct_size = out.pointee.struct_size
            switch context.parameterValues[p.id] ?? p.defaultValue {
            case let .number(x): v.kind = rh_param_kind_t(RH_PARAM_NUMBER); v.number = x
            case let .color(x): v.kind = rh_param_kind_t(RH_PARAM_COLOR); v.color = c(x)
            case let .boolean(x): v.kind = rh_param_kind_t(RH_PARAM_BOOL); v.boolean = x
            case let .choice(x): v.kind = rh_param_kind_t(RH_PARAM_CHOICE); v.choice = UInt32(x)
            case let .text(x):
                v.kind = rh_param_kind_t(RH_PARAM_TEXT)
                if context.parameterTexts[p.id] == nil { context.parameterTexts[p.id] = strdup(x) }
                v.text = UnsafePointer(context.parameterTexts[p.id])
            }
            out.pointee = v
        }
    }

    static let haptic: @convention(c) (UnsafePointer<rh_host_t>?, rh_haptic_t) -> rh_status_t = { host, kind in
        serve(host, "haptic", shown(kind)) { context throws(ServiceError) in
            guard let haptic = Haptic(rawValue: kind) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "kind \(kind) is not a known rh_haptic_t")
            }
            try request(.haptic(haptic), context)
        }
    }

    static let announce: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<CChar>?) -> rh_status_t = { host, text in
        serve(host, "announce", shown(text)) { context throws(ServiceError) in
            guard let text else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "text is NULL") }
            let length = strnlen(text, 256)
            guard length > 0, length <= 255 else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, length == 0 ? "text is empty" : "text is longer than 255 bytes")
            }
            guard let value = String(validatingCString: text) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "text is not valid UTF-8")
            }
            guard !value.hasControlCharacters else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "text has control characters")
            }
            try request(.announce(value), context)
        }
    }

    private static func request(_ request: StyleRequest, _ context: InstanceContext) throws(ServiceError) {
        guard let handler = context.requestHandler else { return }
        guard handler(request) else {
            throw ServiceError(RH_ERR_LIMIT, "one per frame and 8 per refresh: refused")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
