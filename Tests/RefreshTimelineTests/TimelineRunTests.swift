import Foundation
import RefreshDiscovery
import RefreshHostController
import RefreshOutput
import RefreshPluginRuntime
import RefreshSession
import RefreshTestSupport
import RefreshTimeline
import Testing

/// `run`'s scripted run, called directly against a bundled style in this process.
@Suite struct TimelineRunTests {
    static let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")

    func descriptor() throws -> StyleDescriptor {
        let plugins = TestPaths.loadBundledPlugins()
        defer { plugins.close() }
        return try #require(plugins.registry.lookup("yahoo").descriptor)
    }

    func run(trace: Bool = false, dump: LineFile? = nil, write: @escaping (String) throws -> Void) throws -> SessionSettings? {
        var settings = SessionSettings()
        settings.isolation = .inProcess
        var run = TimelineRun(gesture: Gesture(), programmatic: false, fps: 30, settings: settings)
        run.trace = trace
        var used: SessionSettings?
        try run.run(try descriptor(), file: Self.yahoo, write: write, dump: dump) { settings, observer in
            used = settings
            return try SessionOpener().open(file: Self.yahoo, style: "com.refreshhost.yahoo", settings: settings, observer: observer)
        }
        return used
    }

    @Test("the header, the gesture and the clock first, then the events as they happen, then the summary")
    func lines() throws {
        var lines: [String] = []
        let used = try run { lines.append($0) }
        let name = try descriptor().name
        #expect(lines[0].hasPrefix("\(name) (com.refreshhost.yahoo ") && lines[0].hasSuffix(Self.yahoo))
        #expect(lines[1].hasPrefix("gesture: pull to ") && lines[2].hasPrefix("clock: virtual, 30 fps; viewport 375 x 300 pt"))
        #expect(lines.contains { $0.contains("state idle -> pulling") })
        #expect(lines.contains { $0.contains("-> refreshing") })
        #expect(used?.reports == [.log])
    }

    @Test("--trace asks the session for every call; --frames-json gets one line per frame, committed at the end")
    func traceAndDump() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let dump = try LineFile(path: dir.path + "/frames.jsonl", option: "--frames-json")
        let used = try run(trace: true, dump: dump) { _ in }
        #expect(used?.reports == [.log, .calls])
        let frames = try String(contentsOfFile: dir.path + "/frames.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(frames.count > 30 && frames.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
    }

    @Test("a write that fails ends the run with that error, and no more is written")
    func failedWrite() throws {
        struct Full: Error {}
        var count = 0
        #expect(throws: Full.self) {
            _ = try run { _ in
                count += 1
                if count == 5 { throw Full() }
            }
        }
        #expect(count == 5)
    }
}
