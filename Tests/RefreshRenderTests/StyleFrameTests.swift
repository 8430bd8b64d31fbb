import Foundation
import RefreshRender
import Testing

/// Every bundled style, drawn by the real plugins through the real renderer,
/// checked at the moments that define it. Points are on a 375 x 300 phone at 2x.
@Suite struct StyleFrameTests {
    static let midX = 375.0 / 2

    @Test func yelpAtTheThresholdShowsCompassAndSpinnerLockedInTheCentre() throws {
        let yelp = try StyleRecording("yelp")
        let (image, pull, top) = try yelp.frame(.threshold)
        #expect(abs(pull - 100) < 1e-6)
        #expect(top == 0)  // background presentation: the header stays at the top
        let c = (x: Self.midX, y: pull / 2)  // centred in the revealed strip
        #expect(image.colour(atPoint: c.x, c.y).isClose(to: Colour(hex: 0xD04040)), "the spinner's hub")
        #expect(image.colour(atPoint: c.x + 10, c.y - 10).isClose(to: Colour(hex: 0xD04040)), "the needle, upper right")
        #expect(image.colour(atPoint: c.x - 10, c.y + 10).isClose(to: Colour(hex: 0xD04040)), "the needle, lower left")
        #expect(image.colour(atPoint: c.x, c.y + 8).isClose(to: Colour(hex: 0x98B8C0)), "the compass's light centre")
        #expect(image.colour(atPoint: c.x + 12, c.y + 12).isClose(to: Colour(hex: 0x6898B0)), "the compass body")
        #expect(image.colour(atPoint: c.x, c.y - 27).isClose(to: Colour(hex: 0xD04040)), "the tab on top")
        #expect(image.colour(atPoint: c.x - 40, c.y) == .white, "nothing beside the compass: they met")
    }

    @Test func yelpFlashesItsTranslucentColoursWhileRefreshing() throws {
        let yelp = try StyleRecording("yelp")
        let cycles = try yelp.moments().cycles
        // The colour layer (alpha 0.3 over white) at the end of cycles 1 and 2: red, then blue.
        let first = try yelp.frame(.seconds(cycles[0].end)).image.colour(atPoint: 5, 5)
        let second = try yelp.frame(.seconds(cycles[1].end)).image.colour(atPoint: 5, 5)
        #expect(first.isClose(to: Colour(255, 178, 178), 2), "\(first)")
        #expect(second.isClose(to: Colour(178, 178, 255), 2), "\(second)")
    }

    @Test func yahooShowsItsSixDotsAtTheirRadius() throws {
        let yahoo = try StyleRecording("yahoo")
        let (image, _, top) = try yahoo.frame(.threshold)
        let colours = [0xFF0000, 0xFF8000, 0xFFFF00, 0x00FF00, 0x0000FF, 0x800080].map { Colour(hex: $0) }
        for (k, colour) in colours.enumerated() {
            let angle = Double.pi / 2 + Double(k) * Double.pi / 3
            let x = Self.midX + 20 * cos(angle), y = top + 45 + 20 * sin(angle)
            #expect(image.colour(atPoint: x, y).isClose(to: colour), "dot \(k) at (\(x), \(y))")
            // Only the dots: half way to the centre is background.
            #expect(image.colour(atPoint: Self.midX + 10 * cos(angle), top + 45 + 10 * sin(angle))
                .isClose(to: Colour(hex: 0xF7F5F5)))
        }
    }

    @Test func yahooExitEndsWithThePurpleHeader() throws {
        let yahoo = try StyleRecording("yahoo")
        let (image, pull, top) = try yahoo.frame(.exitEnd)
        #expect(pull > 80)
        for (x, y) in [(3.0, top + 3), (Self.midX, top + 45), (372, top + 87), (372, pull - 2)] {
            #expect(image.colour(atPoint: x, y).isClose(to: Colour(hex: 0x800080)), "at (\(x), \(y))")
        }
        // Before the exit the header is the light background.
        let before = try yahoo.frame(.exitStart)
        #expect(before.image.colour(atPoint: 3, before.headerTop + 3).isClose(to: Colour(hex: 0xF7F5F5)))
    }

    @Test func snapchatChangesItsBackgroundColourEveryCycle() throws {
        let snapchat = try StyleRecording("snapchat")
        let cycles = try snapchat.moments().cycles
        #expect(cycles.count >= 3)
        let rest = try snapchat.frame(.threshold).image.colour(atPoint: 5, 5)
        #expect(rest.isClose(to: Colour(hex: 0xFFFC00)), "Snapchat yellow at rest, \(rest)")
        let palette = [0x0000FF, 0x800080, 0xFF0000].map { Colour(hex: $0) }
        for (i, expected) in palette.enumerated() {
            let (image, _, top) = try snapchat.frame(.seconds(cycles[i].end))
            let c = image.colour(atPoint: 5, top + 5)
            #expect(c.isClose(to: expected), "after cycle \(i + 1): \(c)")
        }
        let middle1 = try snapchat.frame(.cycle(1)).image.colour(atPoint: 5, 5)
        let middle2 = try snapchat.frame(.cycle(2)).image.colour(atPoint: 5, 5)
        #expect(!middle1.isClose(to: middle2, 20))
        // The ghost: white with a dark outline, centred in the header.
        let (image, _, top) = try snapchat.frame(.threshold)
        #expect(image.colour(atPoint: Self.midX, top + 30) == .white)
        #expect(image.darkest(x: Self.midX - 2...Self.midX + 2, y: top + 8...top + 16) < 120)
    }

    @Test func yikYakIsTealWithTheYakHeadThatTurnsInACycle() throws {
        let yak = try StyleRecording("yikyak")
        let (upright, _, top) = try yak.frame(.threshold)
        let teal = Colour(hex: 0x1BC2B6)
        #expect(upright.colour(atPoint: 5, top + 5).isClose(to: teal))
        #expect(upright.colour(atPoint: 370, top + 75).isClose(to: teal))
        // Head box: 60 x 60 centred at (midX, 40): face (fur) at its centre, eyes above it.
        let fur = Colour(hex: 0x7B5235)
        #expect(upright.colour(atPoint: Self.midX, top + 41).isClose(to: fur))
        #expect(upright.contains(.white, x: Self.midX - 9...Self.midX - 4, y: top + 33...top + 36))
        #expect(upright.contains(Colour(hex: 0xF4EBD9), x: Self.midX - 25...Self.midX - 15, y: top + 14...top + 24),
                "the left horn")
        // Half way through a cycle the head is upside down: eye whites below the centre.
        let (turned, _, turnedTop) = try yak.frame(.cycle(1))
        #expect(turned.contains(.white, x: Self.midX + 4...Self.midX + 9, y: turnedTop + 44...turnedTop + 47))
        #expect(!upright.contains(.white, x: Self.midX + 4...Self.midX + 9, y: top + 44...top + 47))
    }

    /// The list's first row starts at the pull distance in every style at every moment:
    /// its title's ink inside the row, its separator at the row's bottom, the header above.
    @Test(arguments: ["yelp", "snapchat", "yikyak", "yahoo"])
    func theListSitsBelowTheHeaderByThePullDistance(style: String) throws {
        let recording = try StyleRecording(style)
        let separator = Colour(hex: 0xC8C7CC)
        for moment in [Moment.seconds(0.2), .threshold, .release, .cycle(1), .exitEnd, .seconds(0)] {
            let (image, pull, _) = try recording.frame(moment)
            #expect(image.darkest(x: 16...60, y: pull + 12...pull + 32) < 100, "\(style) \(moment): row title")
            let top = (pull * 2).rounded() / 2  // the list snaps to device pixels
            #expect(image.contains(separator, x: 200...200, y: top + 43.5...top + 43.5, tolerance: 2),
                    "\(style) \(moment): separator at \(pull + 44)")
            #expect(image.colour(atPoint: 300, pull + 22) == .white, "\(style) \(moment): row background")
            #expect(image.colour(atPoint: 300, pull + 1) == .white, "\(style) \(moment): row top")
            if pull > 3, style != "yelp" {
                #expect(image.colour(atPoint: 300, pull - 2) != .white, "\(style) \(moment): header above the list")
            }
        }
    }

    /// Past the height, a slide-down header with a middle anchor leaves strips above and
    /// below it: they take the header's colour instead of the table's white.
    @Test func theRevealedAreaKeepsTheHeaderColourWhenPulledFurther() throws {
        var options = RecordingOptions()
        options.gesture.pullDistance = 160
        let yahoo = try StyleRecording("yahoo", options: options)
        let (image, pull, top) = try yahoo.frame(.seconds(0.6))
        #expect(abs(pull - 160) < 1e-6 && top > 30)
        let light = Colour(hex: 0xF7F5F5)
        #expect(image.colour(atPoint: 100, top / 2).isClose(to: light), "above the header")
        #expect(image.colour(atPoint: 100, (top + 90 + pull) / 2).isClose(to: light), "between header and list")
    }
}
