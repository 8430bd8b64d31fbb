import Foundation
import RefreshHostController
import RefreshPluginRuntime
import Testing

@Suite struct LoaderTests {
    @Test("the fourteen bundled styles load from thirteen real .so files: four Swift, seven C, and two adapters that make three of designers' files")
    func bundled() throws {
        let plugins = LoadedPlugins(directories: TestPaths.bundledDirectories())
        let ids = plugins.registry.styles.compactMap { $0.descriptor?.id }
        // In file order: FrameSequence's Early Bird, then Lottie's Bloom and Orbit (by file name) after ColorChange.
        #expect(ids == ["com.refreshhost.appcoda", "com.refreshhost.colorchange", "com.refreshhost.earlybird",
                       "com.refreshhost.bloom", "com.refreshhost.orbit", "com.refreshhost.material", "com.refreshhost.periscope",
                       "com.refreshhost.snapchat", "com.refreshhost.storehouse", "com.refreshhost.waterdrop",
                       "com.refreshhost.yahoo", "com.refreshhost.yalantis", "com.refreshhost.yelp", "com.refreshhost.yikyak"])
        for entry in plugins.registry.styles { #expect(entry.abiVersion == ABIVersion.host) }
        let yahoo = try plugins.registry.lookup("yahoo")
        #expect(yahoo.file.hasSuffix("/libYahooStyle.so"))
        #expect(yahoo.descriptor?.metrics.height == 90)
        #expect(yahoo.descriptor?.metrics.anchor == .middle)
    }

    @Test("a plugin built for another ABI major is refused before anything else is called")
    func abiMajor() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("abi_major", into: dir.path)
        let dispatcher = PluginDispatcher()
        var called: [PluginFunction] = []
        dispatcher.trace = { called.append($0.function) }
        #expect(throws: LoadError(path, .abiRefused("built for ABI 2.0.0, this host speaks ABI 1.5.0 (major versions differ)"))) {
            try PluginLibrary(path: path, dispatcher: dispatcher)
        }
        #expect(called == [.entry])
    }

    @Test("a plugin needing a newer minor than the host's is refused with a clear message")
    func abiMinor() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("abi_minor", into: dir.path)
        do {
            _ = try PluginLibrary(path: path, dispatcher: PluginDispatcher())
            Issue.record("loaded a plugin built for ABI 1.6")
        } catch {
            #expect(error.description == "\(path): built for ABI 1.6.0, newer than this host's ABI 1.5.0: update refresh-host")
        }
    }

    @Test("a plugin built for ABI 1.0 still loads and runs on this 1.3 host")
    func olderMinor() throws {
        #expect(ABIVersion.host == ABIVersion(major: 1, minor: 5, patch: 0))
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("valid_minimal", into: dir.path, extraFlags: ["-DFIXTURE_ABI_MINOR=0"])
        let library = try PluginLibrary(path: path, dispatcher: PluginDispatcher())
        #expect(library.abiVersion == ABIVersion(major: 1, minor: 0, patch: 0))
        let session = try Session("test.fixture.minimal", directories: [SearchDirectory(dir.path, .option)])
        defer { session.close() }
        session.run(Gesture(), limit: 10)
        #expect(session.events.contains { $0.event == .didStart(programmatic: false) })
        #expect(session.events.contains { $0.event.isExitDone })
        #expect(session.log.entries(of: .misuse).isEmpty)
    }

    @Test("a library without rh_entry is refused, naming the file")
    func missingEntry() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("no_entry", into: dir.path)
        #expect(throws: LoadError(path, .missingEntry)) { try PluginLibrary(path: path, dispatcher: PluginDispatcher()) }
        #expect(LoadError(path, .missingEntry).description.hasPrefix(path + ": no rh_entry symbol"))
    }

    @Test("a file that is not ELF, a missing file and a relative path are refused with reasons")
    func badFiles() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let text = dir.path + "/libtext.so"
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: LoadError(text, .refused("not an ELF shared object (no ELF magic number)"))) {
            try PluginLibrary(path: text, dispatcher: PluginDispatcher())
        }
        let script = dir.path + "/libscript.so"
        try String(repeating: "#!/bin/sh\necho not a library\n", count: 2).write(toFile: script, atomically: true, encoding: .utf8)
        #expect(throws: LoadError(script, .refused("not an ELF shared object (no ELF magic number)"))) {
            try PluginLibrary(path: script, dispatcher: PluginDispatcher())
        }
        #expect(throws: LoadError(dir.path + "/nope.so", .notFound)) {
            try PluginLibrary(path: dir.path + "/nope.so", dispatcher: PluginDispatcher())
        }
        #expect(throws: LoadError("relative.so", .notAbsolute)) {
            try PluginLibrary(path: "relative.so", dispatcher: PluginDispatcher())
        }
    }

    @Test("a plugin whose dependency is missing fails in dlopen, and the message names the dependency")
    func missingDependency() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // Link against a helper library, then take the helper away.
        let helper = dir.path + "/libghost_helper.so"
        try "int ghost_helper(void) { return 1; }\n".write(toFile: dir.path + "/helper.c", atomically: true, encoding: .utf8)
        let built = try runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", "-o", helper, dir.path + "/helper.c"])
        #expect(built.status == 0)
        let path = try Fixture.build("valid_minimal", into: dir.path,
                                     extraFlags: ["-L" + dir.path, "-Wl,--no-as-needed", "-lghost_helper"])
        try FileManager.default.removeItem(atPath: helper)
        do {
            _ = try PluginLibrary(path: path, dispatcher: PluginDispatcher())
            Issue.record("loaded a plugin with a missing dependency")
        } catch {
            #expect(error.description.hasPrefix(path + ": dlopen failed: libghost_helper.so"))
        }
    }

    @Test("a plugin whose init returns false is refused and nothing else is called")
    func initFails() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("init_fails", into: dir.path)
        let dispatcher = PluginDispatcher()
        var called: [PluginFunction] = []
        dispatcher.trace = { called.append($0.function) }
        #expect(throws: LoadError(path, .initFailed)) { try PluginLibrary(path: path, dispatcher: dispatcher) }
        #expect(called == [.entry, .initialize])
    }

    @Test("one library carries several styles; an unknown id gives NULL from create, which the host survives")
    func severalStyles() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("two_styles", into: dir.path)
        let library = try PluginLibrary(path: path, dispatcher: PluginDispatcher())
        #expect(library.descriptors.map(\.id) == ["test.fixture.alpha", "test.fixture.beta"])
        #expect(library.descriptors.map(\.metrics.height) == [60, 70])
        var unknown = library.descriptors[0]
        unknown.id = "test.fixture.gamma"
        let tree = RefreshLayers.LayerTree(timeline: RefreshLayers.Timeline())
        #expect(throws: InstanceError("\(library.path): create(\"test.fixture.gamma\") returned NULL")) {
            try PluginAnimator(library: library, descriptor: unknown, tree: tree, log: HostLog())
        }
        let beta = try PluginAnimator(library: library, descriptor: library.descriptors[1], tree: tree, log: HostLog())
        #expect(beta.label == "test.fixture.beta#1")
        beta.destroy()
    }
}

import RefreshLayers
import RefreshDiscovery

@Suite struct LibraryLifetimeTests {
    @Test("closing the plugins calls each library's deinit once, after its instances are destroyed")
    func deinitLast() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("valid_minimal", into: dir.path)
        let s = try Session("test.fixture.minimal", directories: [SearchDirectory(dir.path, .option)])
        s.close()
        s.plugins.close()
        s.plugins.close()
        let names = s.calls.map(\.function)
        #expect(names.filter { $0 == .deinitialize }.count == 1)
        #expect(names.last == .deinitialize)
        #expect(names.firstIndex(of: .destroy)! < names.firstIndex(of: .deinitialize)!)
        #expect(throws: LookupError("the plugins are closed: their libraries were deinitialized")) {
            try s.plugins.makeAnimator("test.fixture.minimal", tree: s.tree, log: s.log)
        }
    }
}
