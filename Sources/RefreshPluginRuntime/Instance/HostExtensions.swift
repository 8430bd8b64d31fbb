import RefreshHostABI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The extensions this host offers (ABI 1.5, refresh_host_ext.h): each id and its
/// table. The tables are static, shared by every instance (each function finds its
/// instance through the host pointer it is given), and never freed, so a plugin may
/// keep the pointer for as long as it keeps the host's.
public enum HostExtensions {
    /// Every id get_extension answers, in the order `info` shows them.
    public static let offered: [String] = [RH_EXT_THEME, RH_EXT_SPRING, RH_EXT_COMPOSE, RH_EXT_TIMELINE, RH_EXT_EFFECTS]

    // Written once, read-only after; the C functions they hold are the services below.
    nonisolated(unsafe) static let theme = table(rh_theme_ext_t(given: HostServices.themeGiven))
    nonisolated(unsafe) static let spring = table(rh_spring_ext_t(
        settling_duration: HostServices.springSettlingDuration, animate_begin: HostServices.springAnimateBegin,
        layer_add_animation: HostServices.springAddAnimation,
        layer_add_keyframe_animation: HostServices.springAddKeyframeAnimation))
    nonisolated(unsafe) static let compose = table(rh_compose_ext_t(
        layer_add_animation: HostServices.composeAddAnimation,
        layer_add_keyframe_animation: HostServices.composeAddKeyframeAnimation))
    nonisolated(unsafe) static let timeline = table(rh_timeline_ext_t(
        create: HostServices.timelineCreate, set_time: HostServices.timelineSetTime, get_time: HostServices.timelineGetTime,
        layer_add_animation: HostServices.timelineAddAnimation,
        layer_add_keyframe_animation: HostServices.timelineAddKeyframeAnimation, release: HostServices.timelineRelease))

    nonisolated(unsafe) static let effects = table(rh_effects_ext_t(
        set: HostServices.effectsSet, get: HostServices.effectsGet,
        layer_add_animation: HostServices.effectsAddAnimation,
        layer_add_keyframe_animation: HostServices.effectsAddKeyframeAnimation))

    private static func table<T>(_ value: T) -> UnsafeRawPointer {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return UnsafeRawPointer(p)
    }

    /// The table for `id`, compared byte for byte; nil for an id this host does not offer.
    static func table(for id: String) -> UnsafeRawPointer? {
        switch id {
        case RH_EXT_THEME: theme
        case RH_EXT_SPRING: spring
        case RH_EXT_COMPOSE: compose
        case RH_EXT_TIMELINE: timeline
        case RH_EXT_EFFECTS: effects
        default: nil
        }
    }

    /// RH_EXT_ID_MAX: a longer id is unknown, and no more of it is read.
    static let idMax = Int(RH_EXT_ID_MAX)
}

extension HostServices {
    static let getExtension: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = {
        host, id in
        traced(host, "get_extension", shown(id)) { () -> UnsafeRawPointer? in
            guard let context = InstanceContext.from(host) else { return nil }
            guard context.isOnOwnerThread else { context.noteOffThread("get_extension"); return nil }
            guard !context.destroyed else {
                context.note(.misuse, .error, "get_extension called after destroy; returned NULL")
                return nil
            }
            // NULL is an unknown id, not a misuse: a plugin asks and falls back.
            guard let id else { return nil }
            let length = strnlen(id, HostExtensions.idMax + 1)
            guard length <= HostExtensions.idMax else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(start: id, count: length), as: UTF8.self)
            return HostExtensions.table(for: text)
        }
    }
}
