import RefreshHostController

/// The controller's state machine as the soak holds it to: every `stateChanged` must be one of these.
/// Read from RefreshController: the pull moves among idle, pulling and armed; a refresh starts
/// from any of them (release past the trigger, reach, or the app); it exits, then closes (a
/// footer's no-more stays open until reset) and returns to idle, or to pulling under a finger.
public enum LegalTransitions {
    public static func allows(_ from: RefreshState, _ to: RefreshState) -> Bool {
        switch (from, to) {
        case (.idle, .pulling), (.idle, .armed), (.pulling, .idle), (.pulling, .armed), (.armed, .pulling), (.armed, .idle):
            return true
        case (.idle, .refreshing), (.pulling, .refreshing), (.armed, .refreshing):
            return true
        case (.refreshing, .exiting), (.exiting, .resetting), (.exiting, .noMore), (.noMore, .resetting):
            return true
        case (.resetting, .idle), (.resetting, .pulling):
            return true
        default:
            return false
        }
    }
}
