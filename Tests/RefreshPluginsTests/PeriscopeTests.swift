import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing

/// Periscope (C, ABI 1.1): labels that follow the pull, and a gradient-striped
/// band that fades in on release, slides left 100 pt per 3 s and fades out.
@Suite struct PeriscopeTests {
    static let bar = RGBA.hex("#14C2D5")

    struct Parts {
        var root: LayerSnapshot
        var band: LayerSnapshot
        var rows: [LayerSnapshot]
        var title: LayerSnapshot
        var release: LayerSnapshot
    }

    func parts(_ s: Session) throws -> Parts {
        let layers = s.snapshot()
        let root = try #require(layers.layer(s.controller.root))
        let band = try #require(layers.first { $0.kind == .group })
        let rows = layers.children(of: band.id)
        try #require(rows.count == 2)
        let title = try #require(layers.first { $0.text == "Periscope" })
        let release = try #require(layers.first { $0.text == "Release to Refresh" })
        return Parts(root: root, band: band, rows: rows, title: title, release: release)
    }

    /// A layer's vertical centre in the root, anchor and translation included.
    func centreY(_ l: LayerSnapshot) -> Double {
        l[.positionY] - l[.anchorY] * l[.height] + l[.translationY] + l[.height] / 2
    }

    @Test("after setup: the #14C2D5 bar clips; white bold titles, the release label 70 above and out of view; the band clear")
    func setup() throws {
        let s = try Session("periscope", width: 375)
        defer { s.close() }
        #expect(s.controller.metrics.height == 70)
        #expect(s.controller.metrics.presentation == .background && s.controller.metrics.anchor == .top)
        let p = try parts(s)
        #expect(p.root.fill.isClose(to: Self.bar) && p.root[.clipsToBounds] == 1)
        #expect(p.title[.fontSize] == 17 && p.title[.fontWeight] == 1 && p.title.fill == .white)
        #expect(p.release[.fontSize] == 15 && p.release[.fontWeight] == 1 && p.release.fill == .white)
        #expect(p.title[.width] == 375 && p.release[.width] == 375)
        #expect(close(centreY(p.title), 35) && close(centreY(p.release), -35))
        // Out of view: the whole label box lies above the bar's top edge.
        #expect(centreY(p.release) + p.release[.height] / 2 < 0)
        #expect(p.release[.opacity] == 0)
        // The band: twice the width, clear, still; two rows of striped tiles painted by the gradient.
        #expect(p.band[.width] == 750 && p.band[.height] == 70 && p.band[.opacity] == 0 && p.band[.clipsToBounds] == 1)
        #expect(p.band[.translationX] == 0)
        let stripes = Gradient.vertical(RGBA(0, 0, 0, 0), RGBA(0, 0, 0, 0.04))
        for (i, row) in p.rows.enumerated() {
            #expect(row.kind == .path && row[.height] == 50 && row[.positionY] == 50 * Double(i))
            #expect(row.gradient == stripes)
            // Covers the band from one tile before it to one after it.
            #expect(row[.positionX] <= -50 && row[.positionX] + row[.width] >= 750 + 50)
        }
        // Drawn under the labels.
        let order = s.snapshot().map(\.id)
        #expect(order.firstIndex(of: p.band.id)! < order.firstIndex(of: p.title.id)!)
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the labels follow the pull down by min(offset, 70); the release label's alpha is min(offset / 70, 1)")
    func labelsFollowThePull() throws {
        let s = try Session("periscope")
        defer { s.close() }
        s.pull(to: 35)
        var p = try parts(s)
        #expect(close(p.title[.translationY], 35, 1e-3) && close(p.release[.translationY], 35, 1e-3))
        #expect(close(p.release[.opacity], 0.5, 1e-4))
        #expect(p.band[.opacity] == 0, "no band while pulling")
        s.pull(to: 100)
        p = try parts(s)
        #expect(p.title[.translationY] == 70 && p.release[.translationY] == 70)
        #expect(p.release[.opacity] == 1)
        // There the release label sits where the title was, and the title is below the bar.
        #expect(close(centreY(p.release), 35) && centreY(p.title) - p.title[.height] / 2 > 70)
    }

    @Test("on release the band fades in over 0.5 s and slides left 100 pt per 3 s, linear, without end")
    func band() throws {
        let s = try Session("periscope")
        defer { s.close() }
        var gesture = Gesture()
        gesture.refreshDuration = 20
        gesture.schedule(on: s.controller)
        let release = gesture.releaseTime
        s.advance(to: release - 0.05)
        #expect(try parts(s).band[.opacity] == 0)
        s.advance(to: release + 0.25)
        let half = try parts(s).band[.opacity]
        #expect(half > 0.2 && half < 0.8, "\(half)")
        s.advance(to: release + 0.5)
        #expect(try parts(s).band[.opacity] == 1)
        // Linear: -100 * x / 3 into each pass; each pass starts again at 0.
        for pass in 0..<3 {
            for x in [0.0, 0.75, 1.5, 2.25, 2.9] where pass > 0 || x > 0.5 {
                s.advance(to: release + 3 * Double(pass) + x)
                let tx = try parts(s).band[.translationX]
                #expect(close(tx, -100 * x / 3, 1e-6), "pass \(pass) at +\(x): \(tx)")
            }
        }
        // 3 s apart the band has moved exactly one pass, 100 pt (two tiles), so it shows the same pattern.
        s.advance(to: release + 9 + 1.2)
        let a = try parts(s).band[.translationX]
        s.advance(to: release + 9 + 4.2)
        let b = try parts(s).band[.translationX]
        #expect(close(a, -40) && close(b, a))
        #expect(try parts(s).band[.translationX] != 0 && s.controller.state == .refreshing)
    }

    @Test("the exit fades the band out over 0.3 s and calls done; reset restores the after-setup tree")
    func exitAndReset() throws {
        let s = try Session("periscope")
        defer { s.close() }
        let initial = s.snapshot()
        var gesture = Gesture()
        gesture.refreshDuration = 1
        gesture.schedule(on: s.controller)
        // One 3 s cycle from the release; the end request waits for it.
        let exitStart = gesture.releaseTime + 3
        s.advance(to: exitStart)
        #expect(s.time(of: { $0 == .exitStarted }) == exitStart)
        #expect(try parts(s).band[.opacity] == 1)
        s.advance(to: exitStart + 0.15)
        let mid = try parts(s).band[.opacity]
        #expect(mid > 0.2 && mid < 0.8, "\(mid)")
        s.advance(to: exitStart + 0.3)
        #expect(try parts(s).band[.opacity] == 0)
        let done = s.events.compactMap { if case let .exitDone(after) = $0.event { after } else { nil } }
        #expect(done.count == 1 && close(done[0], 0.3, 1e-9), "\(done)")
        s.advance(to: exitStart + 2)
        #expect(s.controller.state == .idle)
        #expect(s.snapshot() == initial)
        #expect(s.log.entries(of: .misuse).isEmpty)
    }
}
