import Foundation
import RefreshSession
import RefreshRender
import Testing

/// WaterDrop drawn by the real C plugin through the real renderer, on a
/// 375 x 300 phone at 2x: the stretched drop with its radial highlight, and
/// the round drop with its white arc.
@Suite struct WaterDropFrameTests {
    static let grey = Colour(hex: 0x888888)
    static let background = Colour(hex: 0xEEEEEE)

    func sum(_ c: Colour) -> Int { c.r + c.g + c.b }

    @Test func atTheTriggerTheDropIsStretchedAndLitFromTheUpperLeft() throws {
        let drop = try StyleRecording("waterdrop")
        let (image, pull, top) = try drop.frame(.threshold)
        #expect(abs(pull - 100) < 1e-6 && top == 0)
        // The top circle's centre is 30 down; the neck reaches 40 further, the bottom circle (radius 4) 4 more.
        #expect(image.colour(atPoint: 187.5, 52).isClose(to: Self.grey, 8), "neck: \(image.colour(atPoint: 187.5, 52))")
        #expect(image.colour(atPoint: 187.5, 71).isClose(to: Self.grey, 8), "bottom circle")
        #expect(image.colour(atPoint: 187.5, 80).isClose(to: Self.background, 4), "below the drop")
        #expect(image.colour(atPoint: 165, 52).isClose(to: Self.background, 4), "beside the neck")
        // The radial gradient: near its centre (up and left, inside the arrow) light, at the lower right rim grey.
        let lit = image.colour(atPoint: 187.5 - 2, 30 - 3), rim = image.colour(atPoint: 187.5 + 9, 30 + 9)
        #expect(sum(lit) - sum(rim) >= 60, "lit \(lit), rim \(rim)")
    }

    @Test func whileRefreshingARoundDropWithAWhiteArcSitsInTheMiddle() throws {
        let drop = try StyleRecording("waterdrop")
        let (image, _, top) = try drop.frame(.cycle(1))
        let cy = top + 50
        let white = (0..<360).contains { d in
            let a = Double(d) * Double.pi / 180
            return image.colour(atPoint: 187.5 + 8 * cos(a), cy + 8 * sin(a)).isClose(to: .white, 10)
        }
        #expect(white, "the arc")
        // Round: as far across as down, 20 pt, and nothing hangs below it.
        for (dx, dy) in [(18.0, 0.0), (-18.0, 0.0), (0.0, 18.0), (0.0, -18.0)] {
            #expect(sum(image.colour(atPoint: 187.5 + dx, cy + dy)) < sum(Self.background) - 60, "inside at \(dx), \(dy)")
        }
        #expect(image.colour(atPoint: 187.5, cy + 26).isClose(to: Self.background, 6))
        #expect(image.colour(atPoint: 187.5, cy - 26).isClose(to: Self.background, 6))
    }
}
