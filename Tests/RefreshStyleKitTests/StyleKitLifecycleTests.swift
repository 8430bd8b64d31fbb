import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// RefreshStyleKit's ABI 1.3 API, used by a real Swift plugin
/// (Tests/SwiftKitFixture/LifecycleUser.swift, in libSwiftKitFixture.so):
/// what the kit declared reached the loader, and what each service answered
/// the plugin (it logs "label: answer").
@Suite struct StyleKitLifecycleTests {
    func session(settings: RunSettings = RunSettings(), parameters: [String: ParameterValue] = [:]) throws -> Session {
        try Session("test.swiftkit.lifecycle", directories: [SearchDirectory(StyleKitDrawingTests.plugin, .option)],
                    settings: settings, parameters: parameters)
    }

    @Test("the kit's descriptor carries trigger distance, max pull, policy, physics, flags, announcements and parameters")
    func descriptor() throws {
        let s = try session()
        defer { s.close() }
        let d = s.animator.descriptor
        #expect(d.metrics.triggerDistance == 70 && d.metrics.height == 50 && d.metrics.maxPull == 180)
        #expect(d.metrics.trigger == .onReach && d.metrics.physics == .smart)
        #expect(d.themeable && d.reducedMotion && d.metrics.exitWhileClosing && !d.metrics.supportsFooter)
        #expect(d.metrics.announcements?.refreshing == "Fetching" && d.metrics.announcements?.failure == "Could not fetch")
        #expect(d.metrics.announcements?.success == "Refreshed", "nil keeps the host's default")
        #expect(d.parameters.map(\.id) == ["speed", "tint", "sparkle", "shape", "caption"])
        #expect(d.parameters[0].kind == .number(min: 0.5, max: 3, default: 1))
        #expect(d.parameters[3].kind == .choice(["dot", "ring"], default: 1))
    }

    @Test("environment and parameters: the user's values, the defaults, nil for a wrong kind or an unknown id")
    func environmentAndParameters() throws {
        let s = try session(settings: RunSettings(reduceMotion: true, theme: .dark),
                            parameters: ["speed": .number(2.5), "caption": .text("hi there")])
        defer { s.close() }
        let said = s.pluginAnswers
        #expect(said["environment"] == "trigger=70.0 rest=50.0 max=180.0 policy=onReach physics=smart reduce=true dark=true edge=top")
        #expect(said["speed"] == "2.5" && said["caption"] == "hi there")
        #expect(said["tint"] == "51 102 153" && said["sparkle"] == "true" && said["shape"] == "1")
        #expect(said["speed as text"] == "nil" && said["unknown"] == "nil")
    }

    @Test("position in every phase, the result reaches exit(result:), haptic and announce statuses, closed at the end")
    func lifecycle() throws {
        let s = try session()
        defer { s.close() }
        var gesture = Gesture()
        gesture.result = RefreshResult(.failure, message: "Offline")
        s.run(gesture)
        let lines = s.log.entries(of: .plugin).map(\.message)
        let phases = lines.filter { $0.hasPrefix("phase: ") }.map { $0.dropFirst(7).split(separator: " ")[0] }
        #expect(phases.first == "dragging" && phases.contains("settling") && phases.contains("closing"), "\(phases)")
        #expect(lines.contains("phase: dragging finger=yes"))
        #expect(!s.calls.contains { $0.function == .pull } && !s.calls.contains { $0.function == .exit })
        let said = s.pluginAnswers
        #expect(said["exit"] == "failure Offline")
        #expect(said["haptic"] == "ok" && said["haptic again"] == "limit", "one request per frame")
        #expect(said["announce"] == "ok")
        #expect(lines.last == "closed: yes")
        #expect(s.events.contains { $0.event == .haptic(.error, requested: true) })
        #expect(s.events.contains { $0.event == .announced("Could not fetch") })
    }
}
