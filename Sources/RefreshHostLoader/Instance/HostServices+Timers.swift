import RefreshHostABI
import RefreshLayers

/// ABI 1.2: host-scheduled, cancellable callbacks on the host's clock.
extension HostServices {
    static func installTimers(_ t: inout rh_host_t) {
    }
}
