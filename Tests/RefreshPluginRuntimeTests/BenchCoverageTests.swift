import Foundation
import RefreshHostABI
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `make bench`'s services section times the services its plugin
/// (Tests/Fixtures/bench_services.c) lists: that list must name every
/// function of rh_host_t, so a service added to the header cannot be left
/// unmeasured. Nothing here is timed.
@Suite struct BenchCoverageTests {
    @Test("the bench plugin's table names every rh_host_t function, in the header's order, at its offset")
    func everyServiceIsBenched() throws {
        let rows = try Self.table("rh_bench_services")
        // Every pointer-sized slot from get_extension to the end, once each.
        let first = MemoryLayout<rh_host_t>.offset(of: \rh_host_t.get_extension)!
        let slots = Array(stride(from: first, to: MemoryLayout<rh_host_t>.size, by: MemoryLayout<UnsafeRawPointer>.size))
        #expect(rows.map(\.offset) == slots)
        // And by name: the members the header declares, in its order.
        let members = try Self.hostFunctions()
        #expect(members.count > 30, "\(members)")
        #expect(rows.map(\.name) == members)
        #expect(rows.first { $0.name == "layer_remove_animations" }?.offset
            == MemoryLayout<rh_host_t>.offset(of: \rh_host_t.layer_remove_animations))
    }

    @Test("the bench plugin's second table names every function of every extension, in the header's order, at its offset")
    func everyExtensionFunctionIsBenched() throws {
        let rows = try Self.table("rh_bench_extension_services")
        let members = try Self.extensionFunctions()
        #expect(Set(members.map { $0.split(separator: ".")[0] }) == ["theme", "spring", "compose", "timeline", "effects"],
                "\(members)")
        #expect(rows.map(\.name) == members)
        // Each table's functions are pointers, one after another from its start.
        var expected: [Int] = []
        var previous = ""
        for name in members {
            let table = String(name.split(separator: ".")[0])
            expected.append(table == previous ? expected.last! + MemoryLayout<UnsafeRawPointer>.size : 0)
            previous = table
        }
        #expect(rows.map(\.offset) == expected)
        #expect(rows.first { $0.name == "effects.get" }?.offset == MemoryLayout<rh_effects_ext_t>.offset(of: \rh_effects_ext_t.get))
    }

    /// One of the bench plugin's tables, as (name, offset) rows, read through its export `symbol`.
    static func table(_ symbol: String) throws -> [(name: String, offset: Int)] {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = try Fixture.build("bench_services", into: dir.path)
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
        defer { dlclose(handle) }
        let export = try #require(dlsym(handle, symbol))
        let services = unsafeBitCast(export, to: (@convention(c) (UnsafeMutablePointer<UInt32>) -> UnsafeRawPointer?).self)
        var count: UInt32 = 0
        let base = try #require(services(&count))
        // bench_service_t: name, offset, then five more 8-byte fields. Copied out before dlclose.
        return (0..<Int(count)).map { i in
            (name: String(cString: base.load(fromByteOffset: i * 56, as: UnsafePointer<CChar>.self)),
             offset: base.load(fromByteOffset: i * 56 + 8, as: Int.self))
        }
    }

    /// Every extension table's function members, "<table>.<member>", read from refresh_host_ext.h.
    static func extensionFunctions() throws -> [String] {
        let header = try String(contentsOfFile: TestPaths.header + "/refresh_host_ext.h", encoding: .utf8)
        let table = try Regex(#"typedef struct rh_(\w+)_ext \{([^}]*)\} rh_\w+_ext_t;"#)
        let member = try Regex(#"\(\*(\w+)\)\("#)
        return header.matches(of: table).flatMap { match -> [String] in
            let name = String(header[match.output[1].range!])
            let body = header[match.output[2].range!]
            return body.matches(of: member).map { name + "." + String(body[$0.output[1].range!]) }
        }
    }

    /// The function members of rh_host_t, read from refresh_host.h.
    static func hostFunctions() throws -> [String] {
        let header = try String(contentsOfFile: TestPaths.header + "/refresh_host.h", encoding: .utf8)
        let start = try #require(header.range(of: "typedef struct rh_host {"))
        let end = try #require(header.range(of: "} rh_host_t;", range: start.upperBound..<header.endIndex))
        let body = header[start.upperBound..<end.lowerBound]
        let member = try Regex(#"\(\*(\w+)\)\("#)
        return body.matches(of: member).map { String(body[$0.output[1].range!]) }
    }
}
