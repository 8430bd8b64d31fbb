import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.3 from a real C plugin (lifecycle_calls.c) through the real loader,
/// dispatcher and controller: its descriptor's lifecycle fields, the
/// position/closed/exit_with_result callbacks, and every rule of the
/// environment, param_get, haptic and announce services.
@Suite struct LifecycleServiceTests {
    func session(settings: RunSettings = RunSettings(), parameters: [String: ParameterValue] = [:]) throws
        -> (Session, TemporaryDirectory)
    {
        let dir = TemporaryDirectory()
        _ = try Fixture.build("lifecycle_calls", into: dir.path)
        let s = try Session("test.fixture.lifecycle_calls", directories: [SearchDirectory(dir.path, .option)],
                            settings: settings, parameters: parameters)
        return (s, dir)
    }

    @Test("the descriptor's 1.3 fields arrive: trigger distance, max pull, policy, physics, flags, announcements, parameters")
    func descriptor() throws {
        let (s, dir) = try session()
        defer { s.close(); dir.remove() }
        let d = s.animator.descriptor
        #expect(d.metrics.triggerDistance == 90 && d.metrics.height == 60 && d.metrics.maxPull == 200)
        #expect(d.metrics.trigger == .onReach && d.metrics.physics == .smart)
        #expect(d.themeable && d.reducedMotion && d.metrics.exitWhileClosing && !d.metrics.supportsFooter)
        #expect(d.metrics.announcements?.refreshing == "Loading posts")
        #expect(d.metrics.announcements?.success == "Refreshed", "a NULL string keeps the host's default")
        #expect(d.parameters.map(\.id) == ["speed", "mode", "caption"])
        #expect(d.parameters[0].kind == .number(min: 0.5, max: 4, default: 1))
        #expect(d.parameters[1].kind == .choice(["slow", "fast"], default: 1))
    }

    @Test("every service rule: good calls answer 0, bad ones their status and one line, limits -6")
    func services() throws {
        let (s, dir) = try session(parameters: ["speed": .number(2.5), "caption": .text("hi there")])
        defer { s.close(); dir.remove() }
        s.run()
        let statuses = s.log.statuses
        #expect(statuses == [
            "environment": 0, "environment size 0": -2, "environment NULL": -2, "param speed": 0, "param mode": 0,
            "param caption": 0, "param unknown": -2, "param NULL": -2, "haptic 99": -2, "announce NULL": -2,
            "announce empty": -2, "announce 300 bytes": -2, "announce not UTF-8": -2, "announce control": -2,
            "haptic": 0, "haptic again": -6, "announce": 0, "announce again": -6,
        ])
        let lines = s.log.entries(of: .plugin).map(\.message)
        #expect(lines.contains("env trigger=90 rest=60 max=200 policy=2 physics=4 reduce=0 dark=0"), "\(lines)")
        #expect(lines.contains("speed=2.50") && lines.contains("mode=1") && lines.contains("caption=hi there"))
        #expect(s.log.entries(of: .misuse).count == 12, "one line per refused call")
        // The style's own requests are events, marked as the style's.
        #expect(s.events.contains { $0.event == .haptic(.success, requested: true) })
        #expect(s.events.contains { $0.event == .announced("3 new posts") })
    }

    @Test("position in every phase (pull gets nothing), exit_with_result with the result and message, closed at the end")
    func callbacks() throws {
        let (s, dir) = try session(settings: RunSettings(reduceMotion: true, theme: .dark))
        defer { s.close(); dir.remove() }
        var gesture = Gesture()
        gesture.result = RefreshResult(.failure, message: "No connection")
        s.run(gesture)
        let lines = s.log.entries(of: .plugin).map(\.message)
        #expect(lines.contains("env trigger=90 rest=60 max=200 policy=2 physics=4 reduce=1 dark=1"))
        let phases = Set(lines.filter { $0.hasPrefix("position phase=") }.map { $0.dropFirst(15).prefix(1) })
        #expect(phases.isSuperset(of: ["0", "2", "3", "4"]), "dragging, settling, resting, closing: \(phases)")
        #expect(!s.calls.contains { $0.function == .pull }, "position replaces pull")
        #expect(lines.contains("exit result=1 message=No connection"))
        #expect(!lines.contains("plain exit"))
        #expect(lines.last == "closed")
        // The host's announcements follow the style's, and the result.
        let said = s.events.compactMap { if case let .announced(text) = $0.event { text } else { nil } }
        #expect(said.contains("Loading posts") && said.contains("Could not load posts"), "\(said)")
        // On reach: the refresh starts while the finger is down, with the host's one haptic.
        let start = try #require(s.events.first { if case .didStart = $0.event { true } else { false } })
        let release = try #require(s.events.first { if case .released = $0.event { true } else { false } })
        #expect(start.time < release.time)
        #expect(s.events.filter { $0.event == .haptic(.medium, requested: false) }.count == 1)
    }

    @Test("hostile 1.3 descriptors: each bad field refuses its own style with one line naming it; the good style loads")
    func hostileDescriptors() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("bad_lifecycle", into: dir.path)
        let plugins = LoadedPlugins(directories: [SearchDirectory(dir.path, .option)])
        defer { plugins.close() }
        #expect(plugins.registry.styles.map(\.descriptor?.id) == ["test.bad13.good"])
        let reasons = plugins.registry.entries.compactMap { e -> String? in if case let .rejected(why) = e.status { why } else { nil } }
        let expected = [
            "trigger_distance is nan", "trigger_distance is 5000.0", "max_pull is 50.0", "max_pull is inf",
            "trigger 7 is not a known", "physics -1 is not a known", "presentation 3 is not a",
            "flags 0x100 has bits", "param_count 1000000 is over RH_PARAM_MAX_COUNT", "params is NULL but param_count is 2",
            "params[0].id \"Bad Id\"", "min 2.0 is not below max 1.0", "default_number is nan", "max is 1e+300",
            "choices is NULL", "choices has \"a\" twice", "choices has more than 32 entries",
            "default_choice 7 is not below its 2 choices", "default_text is over 255 bytes or has control characters",
            "label is longer than 255 bytes", "kind 42 is not a known", "default_color.r is 2.0",
            "id \"speed\" is declared twice", "params[0].struct_size is smaller", "announcements.struct_size is too small",
            "announcements.refreshing is longer than 255 bytes", "announcements.failure has control characters",
        ]
        #expect(reasons.count == expected.count, "\(reasons)")
        for (i, (reason, part)) in zip(reasons, expected).enumerated() {
            #expect(reason.hasPrefix("style \(i + 1): ") && reason.contains(part), "\(reason)")
            #expect(!reason.contains("\n"))
        }
        // validate says the same, in descriptors.ranges, style by style.
        let report = try runProcess(TestPaths.cli, ["validate", dir.path + "/libbad_lifecycle.so", "--only", "descriptors.ranges"])
        #expect(report.status == 1)
        for (i, part) in expected.enumerated() {
            #expect(report.stdout.contains("style \(i + 1): ") && report.stdout.contains(part), "\(part)")
        }
    }

    @Test("a scripted finger that moves across (run --finger 0.1,0.9): each position carries its x, left to right")
    func fingerAcross() throws {
        let s = try Session("yelp")
        defer { s.close() }
        var gesture = Gesture()
        (gesture.fingerFraction, gesture.fingerEndFraction) = (0.1, 0.9)
        s.run(gesture)
        let xs = s.calls.filter { $0.function == .position }.compactMap { call -> Double? in
            guard let r = call.record.summary.range(of: "finger x: ") else { return nil }
            return Double(call.record.summary[r.upperBound...].prefix { $0 != "}" && $0 != "," })
        }
        #expect(xs.first == 37.5 && xs.last == 337.5, "\(xs)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 }, "\(xs)")
        #expect(Set(xs).count > 6, "it moves in steps, not in one jump")
    }
}
