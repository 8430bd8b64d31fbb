import RefreshHostController
import Testing

/// Where the root's top sits for a pull: the presentation decides up to the
/// header's height, the anchor past it.
@Suite struct HeaderPlacementTests {
    func top(_ presentation: Presentation, _ anchor: Anchor, at distance: Double) -> Double {
        headerTop(distance: distance, metrics: StyleMetrics(height: 80, cycleDuration: 1, presentation: presentation),
                  anchor: anchor)
    }

    @Test("front slides in from above the top edge as slide-down does; background stays at the top")
    func upToTheHeight() {
        for distance in [0.0, 5, 40, 80] {
            #expect(top(.front, .top, at: distance) == distance - 80)
            #expect(top(.slideDown, .top, at: distance) == distance - 80)
            #expect(top(.background, .top, at: distance) == 0)
        }
    }

    @Test("past the height the anchor decides, whatever the presentation")
    func pastTheHeight() {
        for presentation in Presentation.allCases {
            #expect(top(presentation, .top, at: 120) == 0)
            #expect(top(presentation, .middle, at: 120) == 20)
            #expect(top(presentation, .bottom, at: 120) == 40)
        }
    }
}
