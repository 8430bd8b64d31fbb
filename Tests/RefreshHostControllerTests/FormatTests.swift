import RefreshHostController
import Testing

/// `format(_:decimals:)`: the one fixed-point printer of timelines, tables and the live status line.
@Suite struct FormatTests {
    @Test("rounds to the given places, without Foundation and without a negative zero")
    func rounding() {
        #expect(format(0.999, decimals: 2) == "1.00")
        #expect(format(12.04, decimals: 1) == "12.0")
        #expect(format(-0.5, decimals: 1) == "-0.5")
        #expect(format(59.6, decimals: 0) == "60")
        #expect(format(-0.0001, decimals: 2) == "0.00")
        #expect(format(340.645, decimals: 3) == "340.645")
        #expect(format(.nan, decimals: 1) == "nan")
    }
}
