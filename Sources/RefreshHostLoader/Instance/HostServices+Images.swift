import RefreshHostABI
import RefreshLayers

/// ABI 1.2: images (pixels and PNG assets), image layers and frame sequences,
/// and the output's pixel scale.
extension HostServices {
    static func installImages(_ t: inout rh_host_t) {
    }
}
