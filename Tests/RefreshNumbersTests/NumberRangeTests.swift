import RefreshNumbers
import Testing

/// One range per option, said the same way in its help and its error.
struct NumberRangeTests {
    @Test("a closed range reads 'from A to B', an open end in interval notation")
    func text() {
        #expect(NumberRange(lower: 1, upper: 120).text == "from 1 to 120")
        #expect(NumberRange(lower: 0, upper: 600, lowerOpen: true).text == "in (0, 600]")
        #expect(NumberRange(lower: 0, upper: 0.5, upperOpen: true).text == "in [0, 0.5)")
        #expect(NumberRange(lower: 1, upper: 10, whole: true).requirement == "a whole number from 1 to 10")
        #expect(NumberRange(lower: 0, upper: 60, lowerOpen: true, unit: "seconds").requirement == "a number of seconds in (0, 60]")
    }

    @Test("open ends exclude their bound; whole ranges refuse fractions; not a number, infinity and NaN are out")
    func contains() {
        let range = NumberRange(lower: 0, upper: 600, lowerOpen: true)
        #expect(!range.contains(TypedNumber(text: "0")) && range.contains(TypedNumber(text: "600")) && range.contains(TypedNumber(text: "1e-9")))
        #expect(!range.contains(TypedNumber(text: "inf")) && !range.contains(TypedNumber(text: "nan")) && !range.contains(TypedNumber(text: "two")))
        #expect(!NumberRange(lower: 1, upper: 10, whole: true).contains(TypedNumber(text: "2.5")))
    }

    @Test("the problem names the option and the value as typed, not as the parser wrote it")
    func problem() {
        let fps = NumberRange(lower: 1, upper: 120, unit: "frames per second")
        #expect(fps.problem("--fps", TypedNumber(text: "1e12")) == "--fps 1e12: must be a number of frames per second from 1 to 120")
        #expect(fps.problem("--fps", TypedNumber(text: "30")) == nil)
        #expect(fps.problem("--pull", TypedNumber(text: "999"), ", below the viewport's height") ==
                "--pull 999: must be a number of frames per second from 1 to 120, below the viewport's height")
    }

    @Test("a default is written as people write it; a value typed is kept as typed")
    func typed() {
        #expect(TypedNumber(2).text == "2" && TypedNumber(0.6).text == "0.6")
        #expect(TypedNumber(text: "2.50").text == "2.50" && TypedNumber(text: "2.50").value == 2.5)
        #expect(TypedNumber(text: "x").number == nil && TypedNumber(text: "x").value.isNaN)
    }
}
