import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// RefreshStyleKit's ABI 1.5 wrappers (ThemeChoice, Spring, Composition,
/// Timeline, Effects), used by a real Swift plugin (Tests/SwiftKitFixture/ExtensionUser.swift,
/// in libSwiftKitFixture.so): each answer the plugin logged, and what the layers show.
@Suite struct StyleKitExtensionTests {
    func session(settings: RunSettings = RunSettings()) throws -> Session {
        try Session("test.swiftkit.extensions", directories: [SearchDirectory(StyleKitDrawingTests.plugin, .option)],
                    settings: settings)
    }

    @Test("every wrapper reaches its extension: statuses, nil for a refused spring, the theme's choice")
    func answers() throws {
        var settings = RunSettings()
        settings.theme.given = [.accent]
        let s = try session(settings: settings)
        defer { s.close() }
        let said = s.pluginAnswers
        #expect(said["theme choice"] == "2")
        #expect(said["settle"] == "1.4103" && said["settle bad"] == "nil")
        #expect(said["spring key-path"] == "ok" && said["spring block"] == "pending", "a block completes later")
        #expect(said["cumulative"] == "ok" && said["additive"] == "ok")
        #expect(said["additive colours"] == "invalidArgument", "colours do not add up")
        #expect(said["timeline add"] == "ok" && said["timeline set pull-driven"] == "badState")
        #expect(said["manual add"] == "ok" && said["manual set NaN"] == "outOfRange")
        #expect(said["blur"] == "ok" && said["blur NaN"] == "outOfRange" && said["blur read"] == "6.0")
        #expect(said["compositing"] == "ok" && said["blur animation"] == "ok")
    }

    @Test("the layers move as asked: the spring, the cumulative turn, the bar on the pull and on the manual time")
    func layers() throws {
        let s = try session()
        defer { s.close() }
        let layers = s.snapshot()
        let dot = layers[1].id, bar = layers[2].id
        s.advance(to: 2.5)
        #expect(abs(try s.tree.presentationValue(.rotation, of: dot) - 3.2 * .pi * 2.5) < 1e-9)
        #expect(try s.tree.presentationValue(.positionX, of: dot) == 20, "the spring has settled and ended")
        s.pull(to: 30)
        #expect(abs(try s.tree.presentationValue(.positionX, of: bar) - 100) < 1e-6)
        #expect(abs(try s.tree.presentationValue(.scaleY, of: bar) - 1.5) < 1e-6)
        #expect(try s.tree.value(.blurRadius, of: dot) == 6)
        #expect(try s.tree.value(.compositeOperator, of: bar) == 2, "out")
        #expect(try s.tree.presentationValue(.blurRadius, of: bar) == 0, "the 2 s blur animation has ended")
    }
}
