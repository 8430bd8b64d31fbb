import RefreshTerminal

/// Where the simulated finger is, in viewport points, for the recording's
/// touch mark. The mouse puts it where the pointer is; the keyboard's finger
/// has no place of its own, so it touches a fifth of the way down the middle
/// of the screen and moves with the finger's travel.
public struct FingerTrace {
    public let viewportWidth: Double
    public let viewportHeight: Double
    /// The pointer, while the finger is the mouse's.
    private var pointer: (x: Double, y: Double)?

    public init(viewportWidth: Double, viewportHeight: Double) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
    }

    /// Follows `event` as FingerInput will handle it (called just before it does).
    public mutating func observe(_ event: InputEvent, layout: Layout?, touching: Bool) {
        switch event {
        case .key(.down) where !touching:
            pointer = nil
        case let .mouse(mouse):
            guard let layout, mouse.button == 0 || mouse.action == .release else { return }
            switch mouse.action {
            case .press:
                if let point = layout.point(column: mouse.column, row: mouse.row) { pointer = point }
            case .drag:
                guard pointer != nil else { return }
                // A drag may leave the phone: the mark follows to its edge.
                pointer = ((Double(mouse.column - layout.phoneColumn) + 0.5) / layout.scale, layout.pointY(row: mouse.row))
            case .release:
                break
            }
        default:
            break
        }
    }

    /// The finger's point while it touches; `translation` is the keyboard finger's travel.
    public func point(touching: Bool, translation: Double) -> (x: Double, y: Double)? {
        guard touching else { return nil }
        let (x, y) = pointer ?? (viewportWidth / 2, viewportHeight / 5 + translation)
        return (min(max(x, 0), viewportWidth), min(max(y, 0), viewportHeight))
    }
}
