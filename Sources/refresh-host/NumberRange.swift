import ArgumentParser

/// The values a numeric option allows, said the same way in its help and in
/// its error: `from 1 to 120`, `in (0, 600]`.
struct NumberRange: Sendable {
    var lower: Double
    var upper: Double
    /// An open end excludes its bound: (0, 600] is more than 0, at most 600.
    var lowerOpen = false
    var upperOpen = false
    var whole = false
    /// What the number counts, for the error: "seconds", "points".
    var unit = ""

    /// `from 1 to 120` for a closed range, `in (0, 600]` otherwise: for help texts.
    var text: String {
        if !lowerOpen && !upperOpen { return "from \(TypedNumber.plain(lower)) to \(TypedNumber.plain(upper))" }
        return "in \(lowerOpen ? "(" : "[")\(TypedNumber.plain(lower)), \(TypedNumber.plain(upper))\(upperOpen ? ")" : "]")"
    }

    /// `a number of seconds in (0, 600]`, `a whole number from 1 to 10`.
    var requirement: String {
        "a " + (whole ? "whole number" : "number") + (unit.isEmpty ? "" : " of \(unit)") + " " + text
    }

    func contains(_ number: TypedNumber) -> Bool {
        guard let value = number.number, value.isFinite else { return false }
        if whole && value != value.rounded() { return false }
        return (lowerOpen ? value > lower : value >= lower) && (upperOpen ? value < upper : value <= upper)
    }

    /// A usage error naming the option, the value as typed and this range, unless `number` is within it.
    func check(_ option: String, _ number: TypedNumber, _ why: String = "") throws {
        guard !contains(number) else { return }
        throw ValidationError("\(option) \(number.text): must be \(requirement)\(why)")
    }
}
