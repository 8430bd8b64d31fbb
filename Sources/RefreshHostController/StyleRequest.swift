/// What a style asks of the host during a run, besides drawing: the
/// controller records it as an event and enforces the limits the header
/// documents (one per frame, 8 per refresh).
public enum StyleRequest: Equatable, Sendable {
    case haptic(Haptic)
    case announce(String)
}
