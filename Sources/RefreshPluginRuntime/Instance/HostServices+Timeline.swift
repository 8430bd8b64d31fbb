import RefreshHostABI
import RefreshLayers

/// rh.timeline/1 (ABI 1.5): animations whose time is the pull (or a time the style
/// sets), not the clock.
extension HostServices {
    static func timelineEntry(_ timeline: rh_timeline_t, _ context: InstanceContext) throws(ServiceError) -> TimelineTable.Entry {
        guard let entry = context.timelines[timeline] else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "timeline \(timeline) is not one of this instance's")
        }
        return entry
    }

    static let timelineCreate: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_source_t, UnsafeMutablePointer<rh_timeline_t>?) -> rh_status_t = {
        host, source, out in
        serve(host, "timeline.create") { context throws(ServiceError) in
            out?.pointee = rh_timeline_t(RH_TIMELINE_NONE)
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            guard let kind = TimelineTable.Source(rawValue: source) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown timeline source \(source)")
            }
            guard let id = context.timelines.make(kind) else {
                throw ServiceError(RH_ERR_LIMIT, "this instance already has \(TimelineTable.limit) timelines")
            }
            out.pointee = id
        }
    }

    static let timelineSetTime: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_t, Double) -> rh_status_t = {
        host, timeline, time in
        serve(host, "timeline.set_time") { context throws(ServiceError) in
            let entry = try timelineEntry(timeline, context)
            guard entry.source == .manual else {
                throw ServiceError(RH_ERR_BAD_STATE, "timeline \(timeline) follows the pull; only a MANUAL one takes set_time")
            }
            guard time.isFinite, abs(time) <= TimelineTable.maxTime else {
                throw ServiceError(RH_ERR_OUT_OF_RANGE, "time \(time) is not in [-1e6, 1e6]")
            }
            entry.time.time = time
        }
    }

    static let timelineGetTime: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_t, UnsafeMutablePointer<Double>?) -> rh_status_t = {
        host, timeline, out in
        serve(host, "timeline.get_time") { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            out.pointee = try timelineEntry(timeline, context).time.time
        }
    }

    static let timelineAddAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_t, rh_layer_t, UnsafePointer<rh_basic_animation_t>?) -> rh_status_t = {
        host, timeline, layer, animation in
        serve(host, "timeline.layer_add_animation") { context throws(ServiceError) in
            let entry = try timelineEntry(timeline, context)
            try addBasic(context, layer, animation, nil, nil, call: "timeline.layer_add_animation",
                         options: AnimationOptions(scrub: entry.time))
        }
    }

    static let timelineAddKeyframeAnimation: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_t, rh_layer_t, UnsafePointer<rh_keyframe_animation_t>?) -> rh_status_t = {
        host, timeline, layer, animation in
        serve(host, "timeline.layer_add_keyframe_animation") { context throws(ServiceError) in
            let entry = try timelineEntry(timeline, context)
            try addKeyframes(context, layer, animation, nil, nil, call: "timeline.layer_add_keyframe_animation",
                             options: AnimationOptions(scrub: entry.time))
        }
    }

    static let timelineRelease: @convention(c) (UnsafePointer<rh_host_t>?, rh_timeline_t) -> rh_status_t = { host, timeline in
        serve(host, "timeline.release") { context throws(ServiceError) in
            guard let entry = context.timelines.release(timeline) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "timeline \(timeline) is unknown or already released")
            }
            if context.root != 0 { context.tree.removeAnimations(drivenBy: entry.time, under: context.root) }
        }
    }
}
