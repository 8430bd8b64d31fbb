import RefreshLayers

/// What an extension adds to a core key-path or keyframe animation (ABI 1.5): a
/// spring in place of the curve (rh.spring/1), the compose flags (rh.compose/1),
/// or a scrubbed time in place of the clock (rh.timeline/1),
/// or an effect's property in place of a core one (rh.effects/1).
struct AnimationOptions {
    var spring: Spring?
    var additive = false
    var cumulative = false
    var scrub: ScrubTime?
    /// The animation's property is an RH_EFFECT_* one (rh.effects/1), not rh_property_t's.
    var effects = false
}
