import Foundation
import RefreshTestSupport
import Testing

/// A scaffold builds first time and rebuilds what its author edits: in a
/// temporary prefix installed from this build, `refresh-host new` makes a C and
/// a Swift project; after `make`, a source is edited and `make validate` alone
/// must rebuild the library before it checks it. The C edit calls sinf, which
/// the generated Makefile links (-lm), so validate finds nothing borrowed from
/// the host; built without it, validate names the missing -lm.
@Suite(.serialized) struct ScaffoldRebuildTests {
    /// A prefix with RefreshHost installed, and a third party's environment around it.
    struct World {
        let installed: InstalledPrefix
        var base: TemporaryDirectory { installed.base }
        var work: String { installed.home }
        var cli: String { installed.cli }
        let environment: [String: String]

        init() throws {
            installed = try InstalledPrefix()
            let swiftBin = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .first { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }.map(String.init) ?? "/usr/bin"
            // The Swift toolchain too, for the Swift project's build; pkg-config finds the prefix's header.
            environment = installed.environment.merging(
                ["PATH": "\(installed.prefix)/bin:\(swiftBin):/usr/bin:/bin", "PKG_CONFIG_PATH": installed.prefix + "/lib/pkgconfig"]
            ) { $1 }
        }

        func run(_ executable: String, _ arguments: [String], in folder: String) throws -> ProcessResult {
            try runProcess(executable, arguments, environment: environment, directory: folder)
        }

        /// The version `info` reads from the library in `folder`, scanned afresh.
        func version(_ id: String, in folder: String) throws -> String {
            let info = try run(cli, ["info", id, "--plugin-path", ".", "--rescan", "--json"], in: folder)
            let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
            return object?["version"] as? String ?? "none: \(info.stdout) \(info.stderr)"
        }

        func edit(_ file: String, _ edits: [(String, String)]) throws {
            var text = try String(contentsOfFile: file, encoding: .utf8)
            for (old, new) in edits {
                try #require(text.contains(old), "\(file) has no \(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            // A new mtime even on a file system with coarse timestamps.
            sleep(1)
            try text.write(toFile: file, atomically: false, encoding: .utf8)
        }
    }

    @Test("C: make, edit to call sinf, make validate rebuilds, links libm and borrows nothing from the host")
    func cProject() throws {
        let world = try World()
        defer { world.base.remove() }
        let made = try world.run(world.cli, ["new", "Bubbles", "--lang", "c"], in: world.work)
        try #require(made.status == 0, "\(made.stderr)")
        let project = world.work + "/Bubbles"
        let build = try world.run("/usr/bin/make", [], in: project)
        try #require(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        #expect(try world.version("com.example.bubbles", in: project) == "0.1.0")

        try world.edit(project + "/bubbles.c", [
            ("#include <string.h>\n", "#include <string.h>\n#include <math.h>\n"),
            ("RH_PROP_SCALE, ratio);", "RH_PROP_SCALE, sinf((float)ratio * 1.5707964f));"),
            (".version = \"0.1.0\"", ".version = \"0.2.0\""),
        ])
        let validate = try world.run("/usr/bin/make", ["validate"], in: project)
        #expect(validate.status == 0, "\(validate.stdout)\n\(validate.stderr)")
        #expect(validate.stdout.contains("bubbles.c"), "make validate did not rebuild: \(validate.stdout)")
        #expect(try world.version("com.example.bubbles", in: project) == "0.2.0")
        let row = validate.stdout.split(separator: "\n").first { $0.hasPrefix("loading.unlinked-symbols") }
        #expect(row?.contains("passed") == true, "\(validate.stdout)")
        let needed = try world.run("/usr/bin/readelf", ["-d", "libBubbles.so"], in: project)
        #expect(needed.stdout.contains("[libm.so.6]"), "\(needed.stdout)")

        // The same source without libm: it still loads here (the host holds libm), and validate says why that is luck.
        _ = try world.run("/usr/bin/make", ["clean"], in: project)
        let unlinked = try world.run("/usr/bin/make", ["validate", "LDLIBS="], in: project)
        #expect(unlinked.status == 0, "\(unlinked.stdout)\n\(unlinked.stderr)")
        #expect(unlinked.stdout.contains("sinf from libm.so.6 (link it: -lm)"), "\(unlinked.stdout)")
    }

    @Test("Swift: make, edit the source, make validate rebuilds before it checks")
    func swiftProject() throws {
        let world = try World()
        defer { world.base.remove() }
        let made = try world.run(world.cli, ["new", "Ripple", "--lang", "swift"], in: world.work)
        try #require(made.status == 0, "\(made.stderr)")
        let project = world.work + "/Ripple"
        let build = try world.run("/usr/bin/make", [], in: project)
        try #require(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        #expect(try world.version("com.example.ripple", in: project) == "0.1.0")
        // Nothing changed: nothing to do, not even SwiftPM.
        let again = try world.run("/usr/bin/make", [], in: project)
        #expect(again.status == 0 && !again.stdout.contains("swift build"), "\(again.stdout)")

        try world.edit(project + "/Sources/Ripple/Ripple.swift", [("version: \"0.1.0\"", "version: \"0.2.0\"")])
        let validate = try world.run("/usr/bin/make", ["validate"], in: project)
        #expect(validate.status == 0, "\(validate.stdout)\n\(validate.stderr)")
        #expect(validate.stdout.contains("swift build -c release"), "make validate did not rebuild: \(validate.stdout)")
        #expect(try world.version("com.example.ripple", in: project) == "0.2.0")
    }
}
