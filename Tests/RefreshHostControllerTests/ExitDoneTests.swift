import RefreshHostController
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

/// The exit's done, a libffi closure: called never, twice, late, after destroy.
@Suite struct ExitDoneTests {
    func session(_ fixture: String) throws -> (Session, TemporaryDirectory) {
        let dir = TemporaryDirectory()
        _ = try Fixture.build(fixture, into: dir.path)
        let id = fixture == "valid_minimal" ? "test.fixture.minimal" : "test.fixture.\(fixture)"
        return (try Session(id, directories: [SearchDirectory(dir.path, .option)]), dir)
    }

    func refresh(_ s: Session) {
        var gesture = Gesture()
        gesture.start = .programmatic
        gesture.refreshDuration = 0.1
        s.run(gesture, limit: 20)
    }

    @Test("done called once, from inside exit: the controller finishes on its own timeline")
    func once() throws {
        let (s, dir) = try session("valid_minimal")
        defer { dir.remove() }
        refresh(s)
        #expect(s.events.filter { $0.event.isExitDone }.map(\.event) == [.exitDone(after: 0)])
        #expect(s.log.entries(of: .exit).isEmpty)
        s.close()
    }

    @Test("done never called: the controller goes on at the deadline and reports it")
    func never() throws {
        let (s, dir) = try session("done_never")
        defer { dir.remove() }
        refresh(s)
        let exit = try #require(s.time(of: { $0 == .exitStarted }))
        #expect(s.time(of: { $0 == .exitDeadlinePassed(deadline: 5) }) == exit + 5)
        #expect(s.time(of: { $0 == .didEnd }) == exit + 5)
        #expect(s.controller.state == .idle)
        #expect(s.log.entries(of: .exit).map(\.message) == ["done not called within the exit deadline"])
        s.close()
    }

    @Test("done called twice: the first counts, the second is ignored and reported")
    func twice() throws {
        let (s, dir) = try session("done_twice")
        defer { dir.remove() }
        refresh(s)
        #expect(s.events.filter { $0.event.isExitDone }.count == 1)
        #expect(s.events.filter { $0.event == .didEnd }.count == 1)
        #expect(s.log.entries(of: .exit).map(\.message) == ["done called twice; the second call was ignored"])
        #expect(s.controller.state == .idle)
        s.close()
    }

    @Test("done called after the deadline: ignored and reported; the next refresh is unaffected")
    func late() throws {
        let (s, dir) = try session("done_late")
        defer { dir.remove() }
        refresh(s)
        s.advance(to: s.now + 10)
        #expect(s.log.entries(of: .exit).map(\.message) == [
            "done not called within the exit deadline", "done called after the exit deadline; ignored",
        ])
        #expect(s.events.filter { $0.event == .didEnd }.count == 1)
        s.close()
    }

    @Test("done called during and after destroy: harmless and reported")
    func afterDestroy() throws {
        let (s, dir) = try session("done_after_destroy")
        defer { dir.remove() }
        var gesture = Gesture()
        gesture.start = .programmatic
        gesture.refreshDuration = 0.1
        gesture.schedule(on: s.controller)
        s.advance(to: 1)
        #expect(s.controller.state == .exiting)
        s.close()
        #expect(s.log.entries(of: .exit).map(\.message) == ["done called during destroy; ignored"])
        s.tree.timeline.advance(to: 20)
        #expect(s.tree.layerCount == 0)
    }
}
