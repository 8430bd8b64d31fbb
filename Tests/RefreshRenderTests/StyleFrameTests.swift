import Foundation
import RefreshSession
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
    @Test(arguments: ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope"])
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
            // Yelp's colour layer is clear until a cycle; AppCoda and Yalantis have clear headers.
            if pull > 3, !["yelp", "appcoda", "yalantis"].contains(style) {
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

    /// The horizontal extent, in points, of the pixels in a band of rows darker than `limit` (channel sum).
    func inkExtent(_ image: Bitmap, y: ClosedRange<Double>, darkerThan limit: Int = 300) -> ClosedRange<Double>? {
        var xs: [Int] = []
        for py in Int(y.lowerBound * 2)...Int(y.upperBound * 2) {
            for px in 0..<image.width {
                let p = image.pixel(x: px, y: py)
                if Int(p.r) + Int(p.g) + Int(p.b) < limit { xs.append(px) }
            }
        }
        guard let lo = xs.min(), let hi = xs.max() else { return nil }
        return Double(lo) / 2...Double(hi + 1) / 2
    }

    @Test func appCodaLettersAreCentredAndTheFirstTurnsMagentaInItsStep() throws {
        let appcoda = try StyleRecording("appcoda")
        let (image, _, top) = try appcoda.frame(.threshold)
        let ink = try #require(inkExtent(image, y: top + 10...top + 50))
        #expect(abs((ink.lowerBound + ink.upperBound) / 2 - Self.midX) < 2, "the row spans \(ink)")
        #expect(ink.upperBound - ink.lowerBound > 150, "seven letters wide: \(ink)")
        let magenta = Colour(hex: 0xFF00FF)
        // Letter 0 is 3 letters (90 pt) left of the centre; its turn peaks 0.1 s into cycle 1.
        let start = try appcoda.moments().cycles[0].start
        let (turned, _, turnedTop) = try appcoda.frame(.seconds(start + 0.1))
        #expect(turned.contains(magenta, x: Self.midX - 105...Self.midX - 75, y: turnedTop + 10...turnedTop + 50))
        #expect(!turned.contains(magenta, x: Self.midX - 70...Self.midX + 110, y: turnedTop...turnedTop + 60),
                "only the first letter")
        #expect(!image.contains(magenta, x: 0...375, y: top...top + 60), "black before the loop")
    }

    @Test func colorChangeShowsBlueThenTweensThroughItsColoursCycleByCycle() throws {
        let cc = try StyleRecording("colorchange")
        let (rest, _, restTop) = try cc.frame(.threshold)
        #expect(rest.colour(atPoint: 5, restTop + 5).isClose(to: Colour(hex: 0x0000FF)))
        let cycles = try cc.moments().cycles
        // Half way through an ease-in-out cycle, half way between the colours.
        let halfways = [Colour(64, 0, 191), Colour(191, 0, 64)]  // blue->purple, purple->red
        for (n, expected) in halfways.enumerated() {
            let (image, _, top) = try cc.frame(.cycle(n + 1))
            let c = image.colour(atPoint: Self.midX, top + 35)
            #expect(c.isClose(to: expected, 3), "cycle \(n + 1): \(c)")
            let end = try cc.frame(.seconds(cycles[n].end))
            #expect(end.image.colour(atPoint: 5, end.headerTop + 5).isClose(to: Colour(hex: n == 0 ? 0x800080 : 0xFF0000)))
        }
    }

    @Test func yalantisDrawsGreySpokesRoundTheCentre() throws {
        let yalantis = try StyleRecording("yalantis")
        let (image, _, top) = try yalantis.frame(.cycle(1))
        let c = (x: Self.midX, y: top + 20)
        #expect(image.colour(atPoint: c.x, c.y) == .white, "the hub is empty")
        // The opaque spokes are UIColor.gray; the faint ones grey over white.
        #expect(image.contains(Colour(128, 128, 128), x: c.x - 10...c.x + 10, y: c.y - 10...c.y + 10, tolerance: 4))
        #expect(image.contains(Colour(223, 223, 223), x: c.x - 10...c.x + 10, y: c.y - 10...c.y + 10, tolerance: 8))
        // Every inked pixel is grey (no colour), and none lies outside the 20 pt indicator.
        var inked = 0
        for py in Int((top + 1) * 2)..<Int((top + 39) * 2) {
            for px in 0..<image.width {
                let p = image.pixel(x: px, y: py)
                guard p.r < 250 else { continue }
                inked += 1
                #expect(p.r == p.g && p.g == p.b)
                #expect(abs(Double(px) / 2 - c.x) <= 11 && abs(Double(py) / 2 - c.y) <= 11)
            }
        }
        #expect(inked > 100)
    }
}
