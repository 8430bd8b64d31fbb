import RefreshSession
import RefreshRender
import Testing

/// StoreHouse drawn by the real C plugin through the real renderer, on a
/// 375 x 300 phone at 2x: white line segments on the dark bar.
@Suite struct StoreHouseFrameTests {
    static let bar = Colour(hex: 0x333333)

    /// The word is 219.6 pt wide, centred: its left edge at 77.7, its top 10.8 above the bar's middle.
    @Test func whileRefreshingTheWordShowsInLinesOnTheDarkBar() throws {
        let storehouse = try StyleRecording("storehouse")
        let (image, _, top) = try storehouse.frame(.cycle(1))
        let left = 187.5 - 219.6 / 2, wordTop = top + 40 - 10.8
        #expect(image.colour(atPoint: 10, top + 10).isClose(to: Self.bar, 1))
        // The S's top stroke and its middle one are lit (at least the word's dim 0.4 white)...
        for (x, y) in [(left + 7, wordTop), (left + 7, wordTop + 9 * 1.2)] {
            let c = image.colour(atPoint: x, y)
            #expect(c.r > Self.bar.r + 60 && c.r == c.g && c.g == c.b, "stroke at \(x), \(y): \(c)")
        }
        // ...the inside of the S's upper bowl and the gap after the S are the bar.
        #expect(image.colour(atPoint: left + 7, wordTop + 4.5 * 1.2).isClose(to: Self.bar, 2))
        #expect(image.colour(atPoint: left + 15.5 * 1.2, wordTop + 5).isClose(to: Self.bar, 2))
    }

    @Test func afterTheExitTheBarIsEmpty() throws {
        let storehouse = try StyleRecording("storehouse")
        let (image, _, top) = try storehouse.frame(.exitEnd)
        // Scattered and faded: nothing lighter than the bar is left anywhere on it.
        var lightest = 0
        for i in 0..<75 {
            for j in 0..<16 {
                lightest = max(lightest, image.colour(atPoint: 2.5 + 5 * Double(i), top + 2.5 + 5 * Double(j)).r)
            }
        }
        #expect(lightest <= Self.bar.r + 2, "lightest \(lightest)")
    }
}
