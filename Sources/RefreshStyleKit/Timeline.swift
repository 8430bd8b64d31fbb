import RefreshHostABI

/// A time the pull (or the style) moves instead of the clock (rh.timeline/1, ABI
/// 1.5): animations added to it show the value at its time. Prepare them once, in
/// setup; a pull-driven timeline needs no call per frame at all.
///
///     // The logo draws itself as the list is pulled, 0 to the trigger distance.
///     if let pull = host.makeTimeline(.pullRatio) {
///         pull.add(BasicAnimation(.strokeEnd, from: 0, to: 1, duration: 1), to: logo)
///     }
public struct Timeline {
    /// What moves the time.
    public enum Source: Sendable, Hashable {
        /// `set(time:)` only.
        case manual
        /// The pull's ratio: distance / trigger distance (0 closed, 1 at the trigger).
        case pullRatio
        /// The pull's distance in points.
        case pullDistance

        var c: rh_timeline_source_t {
            switch self {
            case .manual: rh_timeline_source_t(RH_TIMELINE_MANUAL)
            case .pullRatio: rh_timeline_source_t(RH_TIMELINE_PULL_RATIO)
            case .pullDistance: rh_timeline_source_t(RH_TIMELINE_PULL_DISTANCE)
            }
        }
    }

    let host: StyleHost
    let table: UnsafePointer<rh_timeline_ext_t>
    /// The C handle.
    public let handle: rh_timeline_t

    /// The timeline's time now (nil if the host refused: released, say).
    public var time: Double? {
        var out = 0.0
        return table.pointee.get_time.map { $0(host.raw, handle, &out) >= 0 } == true ? out : nil
    }

    /// Moves a manual timeline to `time`.
    @discardableResult
    public func set(time: Double) -> Status {
        Status(table.pointee.set_time?(host.raw, handle, time) ?? rh_status_t(RH_ERR_BAD_STATE))
    }

    /// Adds a key-path animation to `layer` on this timeline; its duration is in the
    /// timeline's unit. It never completes by itself.
    @discardableResult
    public func add(_ animation: BasicAnimation, to layer: Layer) -> Status {
        var a = animation.c
        return Status(table.pointee.layer_add_animation?(host.raw, handle, layer.handle, &a) ?? rh_status_t(RH_ERR_BAD_STATE))
    }

    /// Adds a keyframe animation to `layer` on this timeline.
    @discardableResult
    public func add(_ animation: KeyframeAnimation, to layer: Layer) -> Status {
        guard let f = table.pointee.layer_add_keyframe_animation, let functions = animation.functions else { return .badState }
        return layer.withCAnimation(animation, functions) { c in Status(f(host.raw, handle, layer.handle, &c)) }
    }

    /// Takes the timeline's animations off and frees the handle.
    @discardableResult
    public func release() -> Status {
        Status(table.pointee.release?(host.raw, handle) ?? rh_status_t(RH_ERR_BAD_STATE))
    }
}

extension StyleHost {
    /// A new timeline moved by `source`, or nil (no rh.timeline/1, or the host refused).
    public func makeTimeline(_ source: Timeline.Source) -> Timeline? {
        guard let table = extensionTable(RH_EXT_TIMELINE, as: rh_timeline_ext_t.self),
              let create = table.pointee.create else { return nil }
        var handle = rh_timeline_t(RH_TIMELINE_NONE)
        guard create(raw, source.c, &handle) >= 0 else { return nil }
        return Timeline(host: self, table: table, handle: handle)
    }
}
