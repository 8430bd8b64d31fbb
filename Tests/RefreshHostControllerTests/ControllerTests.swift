import RefreshHostController
import RefreshPluginRuntime
import Testing

/// The state machine's edges, on a minimal C plugin built at test time.
@Suite struct ControllerTests {
    func session(anchor: String = "RH_ANCHOR_TOP") throws -> (Session, TemporaryDirectory) {
        let dir = TemporaryDirectory()
        _ = try Fixture.build("valid_minimal", into: dir.path, extraFlags: ["-DFIXTURE_ANCHOR=\(anchor)"])
        return (try Session("test.fixture.minimal", directories: [SearchDirectory(dir.path, .option)]), dir)
    }

    @Test("a middle-anchored style gets one pull(height, 1, 0) at release, and none while refreshing")
    func anchorSnapPull() throws {
        let (s, dir) = try session(anchor: "RH_ANCHOR_MIDDLE")
        defer { dir.remove() }
        s.pull(to: 100)
        #expect(close(s.controller.headerY, 20, 1e-9))
        s.controller.release()
        let release = s.now
        let last = try #require(s.calls.last { $0.function == .pull })
        #expect(last.record.summary == "pull(distance: 60.0, ratio: 1.0, velocity: 0.0)")
        #expect(last.time == release)
        let pullsBefore = s.calls.filter { $0.function == .pull }.count
        s.advance(to: release + 1)
        #expect(s.calls.filter { $0.function == .pull }.count == pullsBefore)
        #expect(close(s.controller.headerY, 0, 1e-6))
        s.close()
    }

    @Test("a release below the height bounces back without a refresh, with pulls all the way down")
    func releaseBelowThreshold() throws {
        let (s, dir) = try session()
        defer { dir.remove() }
        s.pull(to: 45)
        s.controller.release()
        s.advance(to: s.now + 2)
        #expect(s.controller.state == .idle)
        #expect(s.time(of: { if case .didStart = $0 { true } else { false } }) == nil)
        #expect(s.events.contains { if case .released(_, false) = $0.event { true } else { false } })
        let lastPull = try #require(s.calls.last { $0.function == .pull })
        #expect(lastPull.record.summary.hasPrefix("pull(distance: 0.0, ratio: 0.0"))
        s.close()
    }

    @Test("pulling again while refreshing rubber-bands past the inset, calls no pull, and settles back at the height")
    func pullWhileRefreshing() throws {
        let (s, dir) = try session()
        defer { dir.remove() }
        s.controller.beginRefreshing()
        s.advance(to: 0.5)
        #expect(close(s.controller.pullDistance, 60, 1e-9))
        let pulls = s.calls.filter { $0.function == .pull }.count
        s.controller.touchDown()
        s.controller.moveFinger(to: 200, arrivingAt: 0.8)
        s.advance(to: 0.8)
        #expect(close(s.controller.pullDistance, 60 + rubberBand(200, dimension: 300), 1e-9))
        s.controller.release()
        s.advance(to: 2.5)
        #expect(s.controller.state == .refreshing)
        #expect(close(s.controller.pullDistance, 60, 1e-9))
        #expect(s.calls.filter { $0.function == .pull }.count == pulls)
        #expect(s.events.filter { if case .didStart = $0.event { true } else { false } }.count == 1)
        s.close()
    }

    @Test("programmatic start and end: ignored (and reported) when they cannot apply")
    func programmatic() throws {
        let (s, dir) = try session()
        defer { dir.remove() }
        #expect(!s.controller.endRefreshing())
        #expect(s.events.last?.event == .ignored("end: not refreshing (idle)"))
        #expect(s.controller.beginRefreshing())
        #expect(s.controller.state == .refreshing)
        #expect(!s.controller.beginRefreshing())
        #expect(s.events.last?.event == .ignored("start: already refreshing"))
        s.advance(to: 0.2)
        #expect(s.controller.endRefreshing())
        #expect(!s.controller.endRefreshing())
        #expect(s.events.last?.event == .ignored("end: already requested"))
        s.advance(to: 0.3)
        // The header opened to its resting height in 0.25 s.
        #expect(s.controller.pullDistance == 60)
        s.advance(to: 0.6)
        #expect(s.controller.state == .resetting)
        // A start while the header closes is not lost: it waits for idle.
        #expect(s.controller.beginRefreshing())
        #expect(s.events.last?.event == .queued("start: runs once the header has closed (now resetting)"))
        #expect(!s.controller.beginRefreshing())
        #expect(s.events.last?.event == .ignored("start: a start is already waiting"))
        s.advance(to: 2)
        #expect(s.controller.state == .refreshing)
        #expect(s.events.filter { if case .didStart(true) = $0.event { true } else { false } }.count == 2)
        #expect(s.controller.endRefreshing())
        s.advance(to: 4)
        #expect(s.controller.state == .idle && s.controller.pullDistance == 0)
        s.close()
    }

    @Test("disabling hides the header, ends a running refresh, and stops pulls from arming")
    func disable() throws {
        let (s, dir) = try session()
        defer { dir.remove() }
        s.controller.beginRefreshing()
        s.advance(to: 0.1)
        s.controller.setEnabled(false)
        #expect(s.events.contains { $0.event == .endRequested(cycleInFlight: 1) })
        s.advance(to: 2)
        #expect(s.controller.state == .idle)
        #expect(try s.tree.value(.hidden, of: s.controller.root) == 1)
        let pulls = s.calls.filter { $0.function == .pull }.count
        s.pull(to: 100)
        #expect(s.controller.state == .pulling)
        s.controller.release()
        s.advance(to: s.now + 2)
        #expect(s.time(of: { $0 == .didStart(programmatic: false) }) == nil)
        #expect(s.calls.filter { $0.function == .pull }.count == pulls)
        #expect(!s.controller.beginRefreshing())
        s.controller.setEnabled(true)
        #expect(s.controller.beginRefreshing())
        s.close()
    }

    @Test("destroy mid-refresh is clean: no callback after destroy, no layers left")
    func destroyMidRefresh() throws {
        let (s, dir) = try session()
        defer { dir.remove() }
        s.controller.beginRefreshing()
        s.advance(to: 0.25)
        s.close()
        let callsAtDestroy = s.calls.count
        #expect(s.calls.last?.function == .destroy)
        s.tree.timeline.advance(to: 10)
        #expect(s.calls.count == callsAtDestroy)
        #expect(s.tree.layerCount == 0)
        #expect(s.tree.animationCount == 0)
    }

    @Test("the same gesture gives the same layer tree at the same times, every run", arguments: ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope", "material", "storehouse", "waterdrop"])
    func determinism(style: String) throws {
        func record() throws -> [[RefreshLayers.LayerSnapshot]] {
            let s = try Session(style)
            var frames: [[RefreshLayers.LayerSnapshot]] = []
            let gesture = Gesture()
            gesture.schedule(on: s.controller)
            FrameLoop(fps: 30).run(s.controller, limit: 6, onFrame: { _, _ in frames.append(s.snapshot()) })
            s.close()
            return frames
        }
        #expect(try record() == record())
    }

    @Test("the tree at a given time does not depend on the frame rate", arguments: ["yelp", "snapchat", "yikyak", "yahoo", "appcoda", "colorchange", "yalantis", "periscope", "material", "storehouse", "waterdrop"])
    func frameRateIndependence(style: String) throws {
        func record(fps: Double) throws -> [Double: [RefreshLayers.LayerSnapshot]] {
            let s = try Session(style, fps: fps)
            var frames: [Double: [RefreshLayers.LayerSnapshot]] = [:]
            Gesture().schedule(on: s.controller)
            FrameLoop(fps: fps).run(s.controller, limit: 6, onFrame: { frame, _ in
                // Every 1/30 s, a time both runs reach exactly.
                if frame % Int(fps / 30) == 0 { frames[Double(frame) / fps * 30] = s.snapshot() }
            })
            s.close()
            return frames
        }
        let slow = try record(fps: 30)
        let fast = try record(fps: 120)
        #expect(slow.count == fast.count)
        for (key, a) in slow {
            let b = try #require(fast[key])
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(zip(x.values, y.values).allSatisfy { abs($0 - $1) < 1e-6 }, "t=\(key / 30) layer \(x.id)")
                #expect(x.fill.isClose(to: y.fill) && x.stroke.isClose(to: y.stroke), "t=\(key / 30) layer \(x.id)")
            }
        }
    }

    @Test("two instances of one style stay independent")
    func twoInstances() throws {
        let a = try Session("yelp")
        let b = try Session("yelp")
        a.pull(to: 50)
        b.pull(to: 100)
        let aLayers = a.snapshot()
        let bLayers = b.snapshot()
        #expect(aLayers.count == bLayers.count)
        #expect(aLayers.map { $0[.positionX] } != bLayers.map { $0[.positionX] })
        a.controller.release()
        a.advance(to: 3)
        #expect(b.controller.state == .armed)
        a.close()
        b.close()
    }
}

import RefreshLayers
import RefreshDiscovery
