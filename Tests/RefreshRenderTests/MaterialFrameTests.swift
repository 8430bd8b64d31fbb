import Foundation
import RefreshSession
import RefreshRender
import Testing

/// Material drawn by the real C plugin through the real renderer, on a
/// 375 x 300 phone at 2x: the disc, and the coloured ring inside it.
@Suite struct MaterialFrameTests {
    @Test func whileRefreshingTheDiscHoldsAColouredRing() throws {
        let material = try StyleRecording("material")
        let (image, _, top) = try material.frame(.cycle(1))
        let cx = 187.5, cy = top + 40
        // The disc between the ring and the rim, on either side.
        #expect(image.colour(atPoint: cx + 14, cy).isClose(to: Colour(hex: 0xFAFAFA), 3), "\(image.colour(atPoint: cx + 14, cy))")
        #expect(image.colour(atPoint: cx - 14, cy).isClose(to: Colour(hex: 0xFAFAFA), 3))
        #expect(saturation(image, cx, cy, radius: 7.5) > 100)
        #expect(saturation(image, cx, cy, radius: 12) < 10, "nothing coloured outside the ring")
    }

    /// At the trigger the arc is still at SwipeRefreshLayout's starting alpha, 0.3:
    /// its colour over the disc is far paler than while refreshing.
    @Test func atTheTriggerTheArcIsFaint() throws {
        let material = try StyleRecording("material")
        let (image, pull, top) = try material.frame(.threshold)
        #expect(abs(pull - 80) < 1e-6)
        let faint = saturation(image, 187.5, top + 40, radius: 7.5)
        #expect(faint > 20 && faint < 80, "\(faint)")
    }
}
