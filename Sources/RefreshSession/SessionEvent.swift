import RefreshHostController

/// Something the controller reported, at the exact time it happened (a cycle
/// may end between two frames: moments are measured from these times).
public struct SessionEvent: Equatable, Sendable {
    public var time: Double
    public var event: RefreshEvent

    public init(time: Double, event: RefreshEvent) {
        self.time = time
        self.event = event
    }
}
