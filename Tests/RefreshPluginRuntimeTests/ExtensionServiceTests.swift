import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.5's extensions from real C plugins through the real loader, dispatcher
/// and controller: ext_calls.c asks for every extension and uses each (and for
/// ids the host must not know), ext_hostile.c breaks every rule of them.
@Suite struct ExtensionServiceTests {
    func session(_ fixture: String, flags: [String] = [], settings: RunSettings = RunSettings()) throws
        -> (Session, TemporaryDirectory)
    {
        let dir = TemporaryDirectory()
        _ = try Fixture.build(fixture, into: dir.path, extraFlags: flags)
        let s = try Session("test.fixture.\(fixture)", directories: [SearchDirectory(dir.path, .option)], settings: settings)
        return (s, dir)
    }

    static let good = [
        "theme given": 0, "spring settle": 0, "spring key-path": 0, "spring block": 0, "spring commit": 0,
        "compose cumulative": 0, "compose additive": 0, "compose keyframes": 0, "timeline create ratio": 0,
        "timeline create manual": 0, "timeline key-path": 0, "timeline keyframes": 0, "timeline manual key-path": 0,
    ]

    @Test("every extension answers, known ids only (no version suffix, another version, other case: NULL); a 1.0 plugin gets them too",
          arguments: [[], ["-DFIXTURE_ABI_MINOR=0"]])
    func known(flags: [String]) throws {
        let (s, dir) = try session("ext_calls", flags: flags)
        defer { s.close(); dir.remove() }
        #expect(s.log.statuses == Self.good)
        let lines = s.log.entries(of: .plugin).map(\.message)
        #expect(lines.contains("theme bits: 0"), "no --theme, no --dark: all the host's defaults")
        #expect(lines.contains("settle: 1.4103"))
        for id in ["rh.nothing/1", "rh.theme/2", "rh.theme", "RH.THEME/1", "", "NULL"] {
            #expect(lines.contains("unknown \(id): null=1"), "\(id)")
        }
        #expect(s.log.entries(of: .misuse).isEmpty, "asking for an unknown id is not a misuse: \(s.log.entries(of: .misuse))")
        #expect(HostExtensions.offered == ["rh.theme/1", "rh.spring/1", "rh.compose/1", "rh.timeline/1", "rh.effects/1"])
    }

    @Test("rh.theme/1 says which colours and which mode the user gave")
    func theme() throws {
        var settings = RunSettings()
        settings.theme = Theme.dark
        settings.theme.given = [.primary, .dark]
        let (s, dir) = try session("ext_calls", settings: settings)
        defer { s.close(); dir.remove() }
        #expect(s.log.entries(of: .plugin).map(\.message).contains("theme bits: 9"))
    }

    @Test("springs, compose and the pull-driven timeline show in the layers; the same pull shows the same bar")
    func layers() throws {
        let (s, dir) = try session("ext_calls")
        defer { s.close(); dir.remove() }
        let layers = s.snapshot()
        // Root, the base's rect, the spinner, the bar.
        #expect(layers.count == 4)
        let rect = layers[1].id, spinner = layers[2].id, bar = layers[3].id
        s.advance(to: 0.3)
        let spring = Spring()
        #expect(abs(try s.tree.presentationValue(.positionX, of: rect) - 100 * spring.progress(at: 0.3)) < 1e-9)
        #expect(abs(try s.tree.presentationValue(.width, of: rect) - (20 + 20 * spring.progress(at: 0.3))) < 1e-9)
        #expect(abs(try s.tree.presentationValue(.rotation, of: spinner) - 1.6 * 2 * .pi * 0.3) < 1e-9)
        s.advance(to: 2.6)
        #expect(abs(try s.tree.presentationValue(.rotation, of: spinner) - 1.6 * 2 * .pi * 2.6) < 1e-9, "cumulative: no jump back")
        #expect(abs(try s.tree.presentationValue(.translationX, of: spinner) - (20 + 10 * 0.6)) < 1e-9)
        #expect(abs(try s.tree.presentationValue(.positionY, of: spinner) - (30 + 10 * 0.8)) < 1e-9, "additive bob over y 30")

        // The bar follows the pull with no call from the style: x = 200 x ratio (distance / 60).
        s.pull(to: 30)
        #expect(abs(try s.tree.presentationValue(.positionX, of: bar) - 100) < 1e-6)
        #expect(abs(try s.tree.presentationValue(.scaleY, of: bar) - 1.5) < 1e-6, "manual: set by pull() to distance / 60")
        let atHalf = try s.tree.presentationColor(.fill, of: bar)
        s.pull(to: 55)
        s.pull(to: 30)
        #expect(abs(try s.tree.presentationValue(.positionX, of: bar) - 100) < 1e-6)
        #expect(try s.tree.presentationColor(.fill, of: bar) == atHalf, "the same pull, the same colour, however it got there")
    }

    @Test("every hostile call is refused with its status and one line; other threads get -4 and NULL; nothing changes")
    func hostile() throws {
        let (s, dir) = try session("ext_hostile")
        defer { s.close(); dir.remove() }
        #expect(s.log.statuses == [
            "theme given NULL": -2,
            "spring NULL": -2, "spring out NULL": -2, "spring struct_size 4": -2, "spring mass NaN": -3, "spring mass 0": -3,
            "spring mass huge": -3, "spring stiffness inf": -3, "spring stiffness -1": -3, "spring damping 0": -3,
            "spring damping NaN": -3, "spring velocity huge": -3, "spring never settles": -3,
            "spring block delay NaN": -3, "spring block delay huge": -3, "spring block NULL": -2,
            "spring key-path NULL": -2, "spring key-path layer 9999": -1, "spring key-path spring NULL": -2,
            "spring key-path duration NaN": -3, "spring keyframes count 1": -3,
            "compose flag 4": -2, "compose flags all": -2, "compose NULL": -2, "compose line cap": -2, "compose to inf": -3,
            "compose colours": -2,
            "timeline create out NULL": -2, "timeline create source 99": -2, "timeline create ratio": 0,
            "timeline create manual": 0, "timeline set NaN": -3, "timeline set inf": -3, "timeline set 1e7": -3,
            "timeline set unknown": -2, "timeline set pull-driven": -5, "timeline get NULL": -2, "timeline get unknown": -2,
            "timeline add unknown": -2, "timeline add NULL": -2, "timeline add NaN": -3, "timeline keyframes NULL": -2,
            "timeline release ratio": 0, "timeline release again": -2, "timeline set released": -2,
            "timeline limit made 63 then": -6,
            "thread theme given": -4, "thread spring settle": -4, "thread timeline set": -4, "manual time after": 0,
        ])
        let lines = s.log.entries(of: .plugin).map(\.message)
        #expect(lines.contains("thread get_extension null=1"))
        #expect(lines.contains("manual time: 0.000"), "the refused call from another thread changed nothing")
        #expect(lines.contains("timeline refused handle 0"))
        let misuse = s.log.entries(of: .misuse).map(\.message)
        // One line per refused call: 43 on the main thread, 4 from the other one.
        #expect(misuse.count == 47, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("spring.settling_duration: spring mass = nan is out of range") })
        #expect(misuse.contains { $0.hasPrefix("timeline.set_time: timeline") && $0.contains("follows the pull") })
        #expect(misuse.contains { $0 == "get_extension called from another thread; refused (RH_ERR_WRONG_THREAD)" })
        #expect(misuse.contains { $0.hasPrefix("compose.layer_add_animation: flags 0x4 has unknown bits") })
        #expect(s.animator.animationCount == 0, "nothing refused was added")
        s.run()
        #expect(s.controller.state == .idle)
    }
}
