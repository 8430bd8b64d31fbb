import RefreshHostController
import RefreshPluginRuntime
import Testing
import RefreshDiscovery

/// A misbehaving plugin gets error codes and log lines, and cannot corrupt the host.
@Suite struct HostServicesTests {
    @Test("NaN, out-of-range values and unknown layers are refused with their status codes")
    func badValues() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("bad_values", into: dir.path)
        let s = try Session("test.fixture.bad_values", directories: [SearchDirectory(dir.path, .option)])
        let layersBefore = s.tree.layerCount
        let rootBefore = s.snapshot()
        s.pull(to: 30, over: 1 / 60)
        let said = s.log.entries(of: .plugin).map(\.message)
        #expect(said.contains { $0.hasSuffix("status=-3") && $0.contains("rotation") }, "\(said)")
        #expect(said.contains { $0.hasSuffix("status=-3") && $0.contains("opacity") }, "\(said)")
        #expect(said.contains { $0.hasSuffix("status=-1") && $0.contains("9999") }, "\(said)")
        #expect(said.contains { $0.hasSuffix("status=0") && $0.contains("layer_create") }, "\(said)")
        // Each refusal is logged by the host with what was wrong.
        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.contains { $0.hasPrefix("layer_set:") && $0.contains("nan") })
        #expect(misuse.contains { $0.hasPrefix("layer_set:") && $0.contains("9999") })
        #expect(misuse.contains { $0.hasPrefix("layer_create:") && $0.contains("12345") })
        // Nothing changed: same layers, same values.
        #expect(s.tree.layerCount == layersBefore)
        let after = s.snapshot()
        #expect(after.map { $0[.rotation] } == rootBefore.map { $0[.rotation] })
        #expect(after.allSatisfy { $0.values.allSatisfy(\.isFinite) })
        s.close()
    }

    @Test("an instance holds at most 4096 layers, root included; a removed layer frees its place")
    func layerLimit() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("layer_limit", into: dir.path)
        let s = try Session("test.fixture.layer_limit", directories: [SearchDirectory(dir.path, .option)])
        let said = s.log.entries(of: .plugin).map(\.message)
        // The root and the base's rect are two of the 4096.
        #expect(said.contains("made 4094 then 0"), "\(said)")
        #expect(said.contains { $0.hasPrefix("after remove ") && !$0.hasSuffix(" 0") }, "\(said)")
        #expect(s.log.entries(of: .misuse).map(\.message).contains {
            $0.hasPrefix("layer_create:") && $0.contains("4096 layers")
        })
        #expect(s.tree.layerCount(under: s.controller.root) == 4096)
        s.close()
    }

    @Test("a host call from another thread is refused with RH_ERR_WRONG_THREAD and reported")
    func wrongThread() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("wrong_thread", into: dir.path)
        let s = try Session("test.fixture.wrong_thread", directories: [SearchDirectory(dir.path, .option)])
        #expect(s.log.entries(of: .plugin).map(\.message).contains("thread status=-4"))
        #expect(s.log.entries(of: .misuse).map(\.message).contains {
            $0.hasPrefix("layer_set called from another thread")
        })
        // The root the other thread tried to change is as the host left it.
        #expect(try s.tree.value(.positionX, of: s.controller.root) == 0)
        s.close()
    }

    @Test("the dispatcher traces every call with its arguments and counts it")
    func trace() throws {
        let s = try Session("yelp")
        s.pull(to: 50, over: 1 / 60)
        // Yelp speaks ABI 1.3 (through RefreshStyleKit): it gets position, whose struct the trace decodes.
        let call = try #require(s.calls.last { $0.function == .position })
        #expect(call.record.summary.hasPrefix("position(pull: {dragging, distance: 50.0, ratio: 0.5, "), "\(call.record.summary)")
        guard case .structure = call.record.arguments[1] else { Issue.record("the pull is not decoded"); return }
        #expect(call.record.target == "com.refreshhost.yelp#1")
        let stats = try #require(s.plugins.dispatcher.statistics[.position])
        #expect(stats.count >= 1 && stats.total >= stats.longest && stats.longest > 0)
        s.close()
    }

    @Test("a traced call carries the plugin's calls to the host made during it, in order, with arguments and results")
    func servicesTraced() throws {
        let s = try Session("yelp")
        defer { s.close() }
        s.pull(to: 50, over: 1 / 60)
        let services = s.calls.flatMap(\.record.services.shown)
        #expect(services.contains { $0.service == "layer_set" && $0.arguments.contains(", ") && $0.result == "RH_OK" })
        #expect(services.allSatisfy { $0.duration >= 0 && $0.duration < 1 })
        // setup made the layers: layer_create is traced with the handle it returned.
        let created = s.calls.flatMap(\.record.services.shown).filter { $0.service == "layer_create" }
        #expect(!created.isEmpty && created.allSatisfy { Int($0.result).map { $0 > 0 } == true })
    }
}
