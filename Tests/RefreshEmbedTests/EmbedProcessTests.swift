import Foundation
import RefreshTestSupport
import Testing

/// librefreshhost.so as an application links it: C programs built with cc
/// against refresh_host_embed.h alone, run as real children.
@Suite struct EmbedProcessTests {
    static var library: String { TestPaths.binDirectory + "/librefreshhost.so" }
    static var include: String { TestPaths.repository + "/Sources/RefreshEmbedABI/include" }

    /// Builds a C program against the header and the library. The program needs the library by its soname
    /// (librefreshhost.so.1), which `make` links in the build folder; a link in `folder` makes it so without make.
    static func buildProgram(_ source: String, into folder: String, name: String) throws -> String {
        let output = folder + "/" + name
        let soname = folder + "/librefreshhost.so.1"
        if !FileManager.default.fileExists(atPath: soname) {
            try FileManager.default.createSymbolicLink(atPath: soname, withDestinationPath: library)
        }
        let result = try runProcess("/usr/bin/env", ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I" + include, "-o", output, source,
                                                     "-L" + TestPaths.binDirectory, "-lrefreshhost", "-Wl,-rpath," + folder,
                                                     "-lm", "-pthread"])
        guard result.status == 0 else { throw EmbedFailure("cc \(source): \(result.stderr)") }
        return output
    }

    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "embed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the library's soname carries the API's major version; a program linked to it needs that name")
    func soname() throws {
        let dynamic = try runProcess("/usr/bin/env", ["readelf", "-d", Self.library])
        #expect(dynamic.stdout.contains("Library soname: [librefreshhost.so.1]"), "\(dynamic.stdout)")
        let header = try String(contentsOfFile: Self.include + "/refresh_host_embed.h", encoding: .utf8)
        #expect(header.contains("#define RHE_VERSION_MAJOR 1\n"))
    }

    @Test("every function the header declares is exported by librefreshhost.so, and nothing else named rhe_")
    func exports() throws {
        let header = try String(contentsOfFile: Self.include + "/refresh_host_embed.h", encoding: .utf8)
        // A declaration: a line that starts with a return type and names rhe_something(.
        let declared = Set(header.split(separator: "\n").compactMap { line -> String? in
            guard let first = line.first, first.isLetter, !line.hasPrefix("typedef"), let open = line.firstIndex(of: "(") else { return nil }
            let name = line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init)
            return name.flatMap { $0.hasPrefix("rhe_") ? $0 : nil }
        })
        #expect(declared.count >= 20, "the header's declarations were found: \(declared.sorted())")
        let nm = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", Self.library])
        #expect(nm.status == 0, "\(nm.stderr)")
        let exported = Set(nm.stdout.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1] == "T", fields[2].hasPrefix("rhe_") else { return nil }
            return String(fields[2])
        })
        #expect(declared == exported, "declared, not exported: \(declared.subtracting(exported).sorted()); exported, not declared: \(exported.subtracting(declared).sorted())")
    }

    @Test("a hostile application: NULL and stale handles, other threads, time backwards, NaN and huge numbers, reentrant callbacks, a view outliving its host, a style that crashes mid-pull and one that hangs")
    func hostileApplication() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (what, sub) in [("crash_segv", "crash"), ("hang_busy", "hang")] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            _ = try Fixture.build("hostile/hostile", into: folder + "/" + sub, output: "hostile_pull_" + what,
                                  extraFlags: ["-DHOSTILE_AT=pull", "-DHOSTILE_DO=" + what, "-DHOSTILE_HANG_LIMIT=5.0"])
        }
        let program = try Self.buildProgram(TestPaths.fixtures + "/embed_hostile.c", into: folder, name: "embed_hostile")
        let started = Date()
        let result = try runProcess(program, [TestPaths.bundledPlugins, folder + "/crash", folder + "/hang"])
        let failed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(result.status == 0 && failed.isEmpty, "\(failed.joined(separator: "\n"))\n\(result.stderr)")
        #expect(result.stdout.contains("done 0"), "the program ran to its end: \(result.stdout.suffix(400))")
        #expect(result.stdout.contains("crashed in pull() with SIGSEGV"))
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
