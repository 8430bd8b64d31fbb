import RefreshConsole
import RefreshDiscovery
import RefreshHostController
import RefreshListing
import RefreshPluginRuntime
import Testing

@Suite struct ListTableTests {
    static func entry(_ id: String?, status: PluginStatus, file: String = "/plugins/libYelpStyle.so") -> PluginEntry {
        PluginEntry(descriptor: id.map { StyleDescriptor(id: $0, name: "Yelp", version: "1.0.0", metrics: StyleMetrics(height: 60, cycleDuration: 1)) },
                    file: file, origin: .bundled, status: status)
    }

    @Test("each status says its word and why: the reason after a colon, the shadowing file after 'by'")
    func statusText() {
        #expect(ListTable.status(.loaded) == "loaded")
        #expect(ListTable.status(.shadowed(by: "/a.so")) == "shadowed by /a.so")
        #expect(ListTable.status(.rejected("old major")) == "rejected: old major")
        #expect(ListTable.status(.refused("not ELF")) == "refused: not ELF")
        #expect(ListTable.status(.quarantined("hung")) == "quarantined: hung")
        #expect(ListTable.reason(.loaded) == nil)
        #expect(ListTable.reason(.refused("not ELF")) == "not ELF")
        #expect(ListTable.reason(.shadowed(by: "/a.so")) == "shadowed by /a.so")
    }

    @Test("without a width every row is whole, on one line each, with its reason in STATUS")
    func wholeRows() {
        let entries = [Self.entry("com.refreshhost.yelp", status: .loaded),
                       Self.entry(nil, status: .refused("world-writable file, a plugin anyone could replace"), file: "/tmp/bad.so")]
        let lines = ListTable.render(entries, width: nil, color: .off).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[1].contains("com.refreshhost.yelp") && lines[1].contains("loaded"))
        #expect(lines[2].contains("refused: world-writable file, a plugin anyone could replace") && lines[2].hasSuffix("/tmp/bad.so"))
    }

    @Test("a reason that would be cut goes whole on indented lines of its own, each within the width")
    func reasonsBelow() {
        let reason = "world-writable file, a plugin anyone on this machine could replace; fix its mode with chmod o-w"
        let entries = [Self.entry(nil, status: .refused(reason), file: "/tmp/bad.so")]
        let lines = ListTable.render(entries, width: 60, color: .off).split(separator: "\n").map(String.init)
        #expect(lines.count > 2)
        #expect(lines[1].contains("refused") && !lines[1].contains("world"))
        let below = lines.dropFirst(2)
        #expect(below.allSatisfy { $0.hasPrefix("    ") && TextFit.width($0) <= 60 })
        #expect(below.map { $0.trimmingPrefix("    ") }.joined(separator: " ") == reason)
    }
}
