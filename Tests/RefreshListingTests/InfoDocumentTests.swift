import RefreshDiscovery
import RefreshHostController
import RefreshLayers
import RefreshListing
import RefreshPluginRuntime
import RefreshText
import Testing

@Suite struct InfoDocumentTests {
    static func descriptor(curve: TimingCurve = .spring(damping: 0.5, initialVelocity: 2)) -> StyleDescriptor {
        var metrics = StyleMetrics(height: 60, cycleDuration: 1.2, cycleDelay: 0.1, cycleCurve: curve, triggerDistance: 80,
                                   trigger: .onReach, physics: .material, supportsFooter: true)
        metrics.maxPull = 200
        var d = StyleDescriptor(id: "com.example.drop", name: "Drop", version: "2.0.0", vendor: "Example", tags: ["water"],
                                metrics: metrics)
        d.themeable = true
        return d
    }

    static let entry = PluginEntry(descriptor: descriptor(), file: "/p/libDrop.so", origin: .environment, status: .loaded)

    @Test("info's rows: the descriptor, the lifecycle it declares and where it came from, aligned after the longest key")
    func rows() {
        let shadowed = PluginEntry(descriptor: Self.descriptor(), file: "/q/libDrop.so", origin: .user, status: .shadowed(by: "/p/libDrop.so"))
        let rows = InfoRows.rows(Self.descriptor(), entry: Self.entry, shadows: [shadowed])
        let value = { (key: String) in rows.first { $0.0 == key }?.1 }
        #expect(value("id") == "com.example.drop")
        #expect(value("cycle") == "1.200 s, delay 0.100 s, spring (damping 0.50, velocity 2.00)")
        #expect(value("trigger distance") == "80.0 pt")
        #expect(value("max pull") == "200.0 pt")
        #expect(value("declares") == "themeable, footer")
        #expect(value("found in") == "REFRESH_HOST_PLUGIN_PATH")
        #expect(value("made from") == "- (code)")
        #expect(rows.last! == ("shadows", "/q/libDrop.so"))
        let lines = InfoRows.lines([("id", "x"), ("plugin ABI", "1.3.0")])
        #expect(lines == ["id          x", "plugin ABI  1.3.0"])
    }

    @Test("the shadows of a style are the shadowed entries of its id, no other")
    func shadows() {
        let d = Self.descriptor()
        let other = StyleDescriptor(id: "com.example.other", name: "Other", version: "1", metrics: d.metrics)
        let entries = [Self.entry,
                       PluginEntry(descriptor: d, file: "/q/libDrop.so", origin: .user, status: .shadowed(by: "/p/libDrop.so")),
                       PluginEntry(descriptor: other, file: "/q/libOther.so", origin: .user, status: .shadowed(by: "/p/libOther.so"))]
        #expect(InfoRows.shadows(of: d, in: entries).map(\.file) == ["/q/libDrop.so"])
    }

    @Test("info --json: identifiers in snake_case, absent values null, numbers numbers")
    func styleJSON() throws {
        let text = JSONDocuments.style(Self.descriptor(), entry: Self.entry, shadows: []).render(compact: true)
        #expect(text.contains("\"cycleCurve\":\"spring\""))
        #expect(text.contains("\"origin\":\"environment\""))
        #expect(text.contains("\"trigger\":\"on_reach\""))
        #expect(text.contains("\"source\":null"))
        #expect(JSONDocuments.identifier("slide-down") == "slide_down")
        #expect(JSONDocuments.curveIdentifier(.easeInOut) == "ease_in_out")
        #expect(JSONDocuments.curveIdentifier(.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)) == "cubic_bezier")
        #expect(InfoRows.curveName(StyleMetrics(height: 1, cycleDuration: 1, cycleCurve: .steps(4, jumpStart: true))) == "steps(4, jump-start)")
    }

    @Test("list --json names a shadowed entry's winner apart from its reason")
    func pluginJSON() {
        let shadowed = PluginEntry(descriptor: nil, file: "/q/x.so", origin: .user, status: .shadowed(by: "/p/x.so"))
        let text = JSONDocuments.plugin(shadowed).render(compact: true)
        #expect(text.contains("/p/x.so"))
        #expect(text.contains("\"reason\":null"))
    }
}
