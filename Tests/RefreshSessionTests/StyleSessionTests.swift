import Foundation
import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime
import RefreshWorker
import RefreshTestSupport
import RefreshSession
import Testing

/// Sessions of the real bundled plugins: the same settings and input give the
/// same frames in this process and in a worker (`refresh-host worker`),
/// and a worker's failures arrive as values, never as text to match.
@Suite("style sessions")
struct StyleSessionTests {
    func open(_ style: String, _ isolation: SessionSettings.Isolation, _ change: (inout SessionSettings) -> Void = { _ in })
        throws -> any StyleSession
    {
        let plugins = TestPaths.loadBundledPlugins()
        defer { plugins.close() }
        let file = try plugins.registry.lookup(style).file
        var settings = SessionSettings()
        settings.isolation = isolation
        change(&settings)
        return try SessionOpener(workerExecutable: TestPaths.cli).open(file: file, style: style, settings: settings)
    }

    @Test("in this process and in a worker, the same input gives the same frames and events", arguments: ["yahoo", "yelp"])
    func alike(style: String) throws {
        let local = try open(style, .inProcess) { $0.pixelScale = 2 }
        let worker = try open(style, .worker) { $0.pixelScale = 2 }
        defer { local.close(); worker.close() }
        #expect(local.style == worker.style)
        #expect(worker is WorkerSession && local is LocalSession)
        var gesture = Gesture()
        gesture.result = RefreshResult(.failure, message: "No connection")
        let times = (0...150).map { Double($0) / 30 }
        var frames: [[SessionFrame]] = [[], []]
        for (n, session) in [local, worker].enumerated() {
            session.send(.script(gesture))
            try session.frames(at: times) { frames[n].append($0) }
        }
        #expect(frames[0].count == times.count)
        #expect(frames[0] == frames[1])
        let events = frames[0].flatMap(\.events).map(\.event)
        #expect(events.contains(.result(RefreshResult(.failure, message: "No connection"))))
        #expect(events.contains(.didReset) && frames[0].last?.isAtRest == true)
    }

    @Test("resize makes a new instance at the new size and the session's time goes on, alike in this process and in a worker")
    func resize() throws {
        let local = try open("yelp", .inProcess)
        let worker = try open("yelp", .worker)
        defer { local.close(); worker.close() }
        var frames: [[SessionFrame]] = [[], []]
        for (n, session) in [local, worker].enumerated() {
            _ = try session.advance(to: 1)
            try session.resize(width: 500, height: 400, pixelScale: 2)
            session.send(.touchDown(x: 250))
            session.send(.moveFinger(translation: 150, arriving: nil, x: 250))
            frames[n].append(try session.advance(to: 1.5))
            // Queued like input: the style as the new instance runs it, once the frame is back.
            #expect(session.style.environment.viewportWidth == 500 && session.style.environment.viewportHeight == 400)
            // The same size again changes nothing: the pull goes on.
            try session.resize(width: 500, height: 400, pixelScale: 2)
            frames[n].append(try session.advance(to: 1.6))
        }
        #expect(frames[0] == frames[1])
        #expect(frames[0][0].time == 1.5 && frames[0][0].pull > 0 && frames[0][1].pull > 0, "\(frames[0].map(\.pull))")
        let root = try #require(frames[1][0].layers.first)
        #expect(root[.width] == 500, "the new instance's root spans the new width")
    }

    @Test("restart starts the style afresh: the same frames again")
    func restart() throws {
        let session = try open("yahoo", .worker)
        defer { session.close() }
        func run() throws -> [SessionFrame] {
            session.send(.script(Gesture()))
            var got: [SessionFrame] = []
            try session.frames(at: (0...60).map { Double($0) / 20 }) { got.append($0) }
            return got
        }
        let first = try run()
        try session.restart()
        #expect(try run() == first)
    }

    @Test("a style the file does not have, and a parameter it does not declare, are failures of their kind")
    func reported() throws {
        for isolation in [SessionSettings.Isolation.inProcess, .worker] {
            let plugins = TestPaths.loadBundledPlugins()
            defer { plugins.close() }
            let file = try plugins.registry.lookup("yahoo").file
            var settings = SessionSettings()
            settings.isolation = isolation
            let opener = SessionOpener(workerExecutable: TestPaths.cli)
            let missing = #expect(throws: SessionFailure.self) { _ = try opener.open(file: file, style: "nope", settings: settings) }
            guard case let .reported(.notFound, why)? = missing else {
                Issue.record("expected not found, got \(String(describing: missing))")
                continue
            }
            #expect(why.contains("no style 'nope'"), "\(why)")
            settings.parameters = ["speed": "2"]
            let error = #expect(throws: SessionFailure.self) { _ = try opener.open(file: file, style: "yahoo", settings: settings) }
            guard case let .reported(kind, line)? = error else { continue }
            #expect(kind == .request && line.contains("no parameter speed"), "\(kind): \(line)")
        }
    }

    @Test("a worker whose plugin crashes is a typed failure naming the entry point and the signal")
    func crash() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let so = try Fixture.build("hostile/hostile", into: dir.path, output: "hostile_cycle_crash_segv",
                                   extraFlags: ["-DHOSTILE_AT=cycle", "-DHOSTILE_DO=crash_segv"])
        var settings = SessionSettings()
        settings.isolation = .worker
        let session = try SessionOpener(workerExecutable: TestPaths.cli).open(
            file: so, style: "test.hostile.cycle.crash_segv", settings: settings)
        defer { session.close() }
        session.send(.beginRefreshing)
        let error = #expect(throws: SessionFailure.self) { _ = try session.advance(to: 1) }
        guard case let .worker(failure, subject)? = error else {
            Issue.record("expected a worker failure, got \(String(describing: error))")
            return
        }
        #expect(failure == .crashed(signal: SIGSEGV, call: "cycle"))
        #expect(subject.contains("test.hostile.cycle.crash_segv") && subject.contains(so))
    }
}
