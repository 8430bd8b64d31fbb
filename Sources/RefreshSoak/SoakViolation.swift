/// One broken invariant, with what replays it: the seed and the step.
public struct SoakViolation: Equatable, Sendable, CustomStringConvertible {
    public var step: Int
    public var style: String
    public var what: String

    public var description: String { "step \(step) (\(style)): \(what)" }
}
