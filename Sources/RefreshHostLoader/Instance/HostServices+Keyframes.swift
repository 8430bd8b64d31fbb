import RefreshHostABI
import RefreshLayers

/// ABI 1.2: keyframe animations (numbers, colours, path morphs, gradients)
/// and the new timing functions.
extension HostServices {
    static func installKeyframes(_ t: inout rh_host_t) {
    }
}
