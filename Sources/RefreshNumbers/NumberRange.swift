/// The values a numeric option allows, said the same way in its help and in
/// its error: `from 1 to 120`, `in (0, 600]`.
public struct NumberRange: Sendable {
    public var lower: Double
    public var upper: Double
    /// An open end excludes its bound: (0, 600] is more than 0, at most 600.
    public var lowerOpen: Bool
    public var upperOpen: Bool
    public var whole: Bool
    /// What the number counts, for the error: "seconds", "points".
    public var unit: String

    public init(lower: Double, upper: Double, lowerOpen: Bool = false, upperOpen: Bool = false, whole: Bool = false, unit: String = "") {
        (self.lower, self.upper, self.lowerOpen, self.upperOpen, self.whole, self.unit) = (lower, upper, lowerOpen, upperOpen, whole, unit)
    }

    /// `from 1 to 120` for a closed range, `in (0, 600]` otherwise: for help texts.
    public var text: String {
        if !lowerOpen && !upperOpen { return "from \(TypedNumber.plain(lower)) to \(TypedNumber.plain(upper))" }
        return "in \(lowerOpen ? "(" : "[")\(TypedNumber.plain(lower)), \(TypedNumber.plain(upper))\(upperOpen ? ")" : "]")"
    }

    /// `a number of seconds in (0, 600]`, `a whole number from 1 to 10`.
    public var requirement: String {
        "a " + (whole ? "whole number" : "number") + (unit.isEmpty ? "" : " of \(unit)") + " " + text
    }

    public func contains(_ number: TypedNumber) -> Bool {
        guard let value = number.number, value.isFinite else { return false }
        if whole && value != value.rounded() { return false }
        return (lowerOpen ? value > lower : value >= lower) && (upperOpen ? value < upper : value <= upper)
    }

    /// What is wrong with `number` for `option` (naming the value as typed and this range), or nil when it is within.
    public func problem(_ option: String, _ number: TypedNumber, _ why: String = "") -> String? {
        contains(number) ? nil : "\(option) \(number.text): must be \(requirement)\(why)"
    }
}
