import CCairo
import Foundation
import RefreshPluginRuntime
import RefreshTestSupport
import Testing
import RefreshDiscovery

/// The author kit proved the way a third party would use it: install into a
/// temporary prefix (from the products this test run already built: running
/// SwiftPM on the repository here could wait forever for the lock `swift test`
/// holds), then, in a folder outside the repository with only the prefix and the
/// Swift toolchain on PATH, scaffold a C and a Swift plugin with the installed
/// `refresh-host new`, build, list, run, render and validate them; finally
/// uninstall and find the prefix as it was, byte for byte.
@Suite(.serialized) struct AuthorKitTests {
    /// Files and folders under `root` with their kind, mode and contents.
    static func snapshot(_ root: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let fm = FileManager.default
        for path in fm.subpaths(atPath: root) ?? [] {
            let full = root + "/" + path
            let attributes = try fm.attributesOfItem(atPath: full)
            let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                result[path] = "dir \(mode)"
            } else {
                let data = try Data(contentsOf: URL(fileURLWithPath: full))
                result[path] = "file \(mode) \(data.base64EncodedString())"
            }
        }
        return result
    }

    /// The folder of the `swift` the parent environment runs, for the Swift build.
    static func swiftToolchainBin() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/swift") {
            return String(dir)
        }
        return nil
    }

    /// ABI version as the header spells it: the .pc file must say the same.
    static func headerVersion() throws -> String {
        let header = try String(contentsOfFile: TestPaths.header + "/refresh_host.h", encoding: .utf8)
        let parts = ["MAJOR", "MINOR", "PATCH"].map { part -> String in
            let line = header.split(separator: "\n").first { $0.hasPrefix("#define RH_ABI_VERSION_\(part) ") }
            return line.map { String($0.split(separator: " ").last!) } ?? "?"
        }
        return parts.joined(separator: ".")
    }

    @Test func installScaffoldBuildRunValidateUninstall() throws {
        let started = Date()
        let base = TemporaryDirectory()
        defer { base.remove() }
        let fm = FileManager.default
        let prefix = base.path + "/prefix"
        // Someone else's files already in the prefix: install and uninstall must leave them alone.
        for (file, text) in [("bin/other-tool", "#!/bin/sh\n"), ("lib/libother.so.1", "not ours"),
                             ("include/other.h", "/* theirs */\n"), ("lib/pkgconfig/other.pc", "Name: other\n")] {
            try fm.createDirectory(atPath: prefix + "/" + (file as NSString).deletingLastPathComponent,
                                   withIntermediateDirectories: true)
            try text.write(toFile: prefix + "/" + file, atomically: true, encoding: .utf8)
        }
        let before = try Self.snapshot(prefix)

        // Install what this test run's build made (the debug products and the bundled plugins).
        _ = TestPaths.bundledDirectories()
        let installStart = Date()
        let install = try run("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=" + prefix,
                                                "BIN=" + TestPaths.binDirectory], deadline: 120, what: "make install-only")
        let installTime = Date().timeIntervalSince(installStart)
        #expect(install.status == 0, "\(install.stderr)")

        // The tree.
        #expect(fm.isExecutableFile(atPath: prefix + "/bin/refresh-host"))
        #expect(fm.fileExists(atPath: prefix + "/include/refresh-host/refresh_host.h"))
        #expect(fm.fileExists(atPath: prefix + "/include/refresh-host/refresh_host_ext.h"))
        #expect(fm.fileExists(atPath: prefix + "/share/refresh-host/swift/RefreshStyleKit/Package.swift"))
        #expect(fm.fileExists(atPath: prefix + "/share/refresh-host/swift/RefreshStyleKit/Sources/RefreshStyleKit/Entry.swift"))
        #expect(fm.fileExists(atPath: prefix + "/share/refresh-host/swift/RefreshStyleKit/Sources/RefreshHostABI/include/refresh_host.h"))
        #expect(fm.fileExists(atPath: prefix + "/share/doc/refresh-host/README.md"))
        // Every bundled style the build made, each in its folder with its README when it has one, and nothing else.
        let installedPlugins = prefix + "/lib/refresh-host/plugins"
        let plugins = SearchPath.pluginFiles(in: installedPlugins).map { String($0.dropFirst(installedPlugins.count + 1)) }
        let bundled = TestPaths.bundledPluginFiles.map { String($0.dropFirst(TestPaths.bundledPlugins.count + 1)) }
        #expect(bundled.count == TestPaths.bundledLibraryCount && plugins == bundled)
        #expect(plugins.contains("Yahoo/libYahooStyle.so"))
        #expect(fm.fileExists(atPath: installedPlugins + "/Yahoo/README.md"))
        // The designer adapters' own styles are installed beside them (Lottie files, a folder of frames).
        #expect(fm.fileExists(atPath: installedPlugins + "/Lottie/styles/orbit.json"))
        #expect(fm.fileExists(atPath: installedPlugins + "/FrameSequence/styles/early-bird/style.ini"))
        #expect(fm.fileExists(atPath: prefix + "/share/doc/refresh-host/docs/writing-a-style.md"))
        for plugin in plugins {  // real files, not the build folder's symlinks
            let type = try fm.attributesOfItem(atPath: prefix + "/lib/refresh-host/plugins/" + plugin)[.type]
            #expect(type as? FileAttributeType == .typeRegular)
        }

        // pkg-config finds the header in the prefix, and the version is the header's.
        let pkgEnv = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PATH": "/usr/bin:/bin"]
        let cflags = try runProcess("/usr/bin/pkg-config", ["--cflags", "refresh-host"], environment: pkgEnv)
        #expect(cflags.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "-I\(prefix)/include/refresh-host")
        let version = try runProcess("/usr/bin/pkg-config", ["--modversion", "refresh-host"], environment: pkgEnv)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.headerVersion()))
        let pluginDir = try runProcess("/usr/bin/pkg-config", ["--variable=plugindir", "refresh-host"], environment: pkgEnv)
        #expect(pluginDir.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == prefix + "/lib/refresh-host/plugins")

        // A third party's world: a folder outside the repository, their own HOME, the prefix on PATH.
        let work = TemporaryDirectory()
        defer { work.remove() }
        #expect(!work.path.hasPrefix(TestPaths.repository))
        let home = work.path + "/home"
        try fm.createDirectory(atPath: home, withIntermediateDirectories: true)
        let swiftBin = try #require(Self.swiftToolchainBin(), "no swift on PATH")
        let env = ["PATH": "\(prefix)/bin:\(swiftBin):/usr/bin:/bin", "HOME": home,
                   "PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        let cli = prefix + "/bin/refresh-host"

        // The bundled styles come from the prefix's system folder.
        let listed = try run(cli, ["list"], environment: env, directory: work.path, deadline: 60, what: "refresh-host list")
        for id in ["yelp", "snapchat", "yikyak", "yahoo"] {
            #expect(listed.stdout.contains("com.refreshhost.\(id)"), "\(listed.stdout)")
        }
        #expect(listed.stdout.contains(prefix + "/lib/refresh-host/plugins/Yahoo/libYahooStyle.so"))

        var buildTimes: [String: Double] = [:]
        var frames: [String] = []
        for (name, lang) in [("Bubbles", "c"), ("Ripple", "swift")] {
            let id = "com.example.\(name.lowercased())"
            let made = try run(cli, ["new", name, "--lang", lang], environment: env, directory: work.path,
                               deadline: 60, what: "refresh-host new \(name)")
            #expect(made.status == 0, "\(made.stderr)")
            let project = work.path + "/" + name
            // Nothing of the repository: the build files name the prefix and nothing else of this machine.
            let buildFile = try String(contentsOfFile: project + (lang == "c" ? "/Makefile" : "/Package.swift"), encoding: .utf8)
            let makefile = try String(contentsOfFile: project + "/Makefile", encoding: .utf8)
            for text in [buildFile, makefile] {
                #expect(!text.contains(TestPaths.repository) && !text.contains("Sources/Refresh") && !text.contains(TestPaths.binDirectory))
            }
            if lang == "swift" { #expect(buildFile.contains("\"\(prefix)/share/refresh-host/swift/RefreshStyleKit\"")) }

            let buildStart = Date()
            let build = try run("/usr/bin/make", [], environment: env, directory: project, deadline: 600, what: "make in \(name)")
            buildTimes[name] = Date().timeIntervalSince(buildStart)
            #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
            #expect(!(build.stdout + build.stderr).lowercased().contains("warning"), "\(build.stdout)\n\(build.stderr)")
            #expect(fm.fileExists(atPath: project + "/lib\(name).so"))
            // Of Swift's runtime a Swift plugin needs the core library alone: the kit is built without
            // the implicit Concurrency and StringProcessing imports.
            let needed = try run("/usr/bin/readelf", ["-d", "lib\(name).so"], environment: env, directory: project,
                                 deadline: 60, what: "readelf")
            #expect(!needed.stdout.contains("libswift_Concurrency") && !needed.stdout.contains("libswift_StringProcessing"),
                    "\(needed.stdout)")

            let list = try run(cli, ["list", "--plugin-path", "."], environment: env, directory: project, deadline: 60, what: "list")
            let row = list.stdout.split(separator: "\n").first { $0.hasPrefix(id + " ") }
            #expect(row?.contains("loaded") == true, "\(list.stdout)")

            let timeline = try run(cli, ["run", id, "--no-live", "--plugin-path", "."], environment: env, directory: project,
                                   deadline: 60, what: "run")
            #expect(timeline.status == 0, "\(timeline.stderr)")
            #expect(timeline.stdout.contains("did-start-cycle 1") && timeline.stdout.contains("exit done()")
                    && timeline.stdout.contains("back to idle"), "\(timeline.stdout)")
            let dump = try run(cli, ["run", id, "--no-live", "--frames", "--plugin-path", "."], environment: env,
                               directory: project, deadline: 60, what: "run --frames")
            frames.append(dump.stdout.split(separator: "\n").dropFirst().filter { !$0.contains(id) }.joined(separator: "\n"))

            let png = project + "/x.png"
            let render = try run(cli, ["render", id, "--plugin-path", ".", "--out", png, "--at", "cycle:1"], environment: env,
                                 directory: project, deadline: 60, what: "render")
            #expect(render.status == 0, "\(render.stderr)")
            let image = try DecodedPNG(png)
            // The teal header fills the top, and the white disc sits in its middle (2x scale: 40 pt down is 80 px).
            #expect(image.count(near: 0x299E8F, tolerance: 8) > 20_000)
            #expect(image.isNear(x: image.width / 2, y: 80, 0xFFFFFF))
            #expect(image.isNear(x: 20, y: 20, 0x299E8F))
            // The rh.theme/1 extension (ABI 1.5): a background the user chose is followed; colours that
            // leave the background to the host's default keep the style's own teal.
            for (theme, expected) in [("#000000,#000000,#3366CC", 0x3366CC), ("#FF0000", 0x299E8F)] {
                let themed = try run(cli, ["render", id, "--plugin-path", ".", "--out", png, "--at", "cycle:1", "--theme", theme],
                                     environment: env, directory: project, deadline: 60, what: "render --theme")
                #expect(themed.status == 0, "\(themed.stderr)")
                #expect(try DecodedPNG(png).isNear(x: 20, y: 20, UInt32(expected)), "\(name) --theme \(theme)")
            }

            let validate = try run("/usr/bin/make", ["validate"], environment: env, directory: project, deadline: 300,
                                   what: "make validate")
            #expect(validate.status == 0, "\(validate.stdout)\n\(validate.stderr)")
            let strict = try run(cli, ["validate", "lib\(name).so", "--strictness", "10"], environment: env, directory: project,
                                 deadline: 300, what: "validate --strictness 10")
            // The scaffold's default id is a placeholder (com.example.*): the one warning, until the author changes it.
            #expect(strict.status == 0 && strict.stdout.contains(" 1 warning, 0 failed, 0 crashed, 0 timed out")
                        && strict.stdout.contains("placeholder id com.example."),
                    "\(strict.stdout)\n\(strict.stderr)")
        }
        // Both languages make the same style: the same layers at every frame.
        #expect(frames.count == 2 && frames[0] == frames[1])

        let uninstall = try run("/usr/bin/make", ["-C", TestPaths.repository, "uninstall", "PREFIX=" + prefix],
                                deadline: 60, what: "make uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try Self.snapshot(prefix) == before)
        print(String(format: "author kit: install %.2f s, C build %.2f s, Swift build %.2f s, whole test %.1f s",
                     installTime, buildTimes["Bubbles"] ?? -1, buildTimes["Ripple"] ?? -1, Date().timeIntervalSince(started)))
    }

    /// A packager's staged install: files land under DESTDIR, only PREFIX is baked in, and the
    /// staged uninstall leaves the stage empty.
    @Test func stagedInstallBakesThePrefixOnly() throws {
        let stage = TemporaryDirectory()
        defer { stage.remove() }
        let root = stage.path + "/stage"
        let install = try run("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=/opt/refresh-host",
                                                "DESTDIR=" + root, "BIN=" + TestPaths.binDirectory],
                              deadline: 120, what: "make install-only DESTDIR=...")
        #expect(install.status == 0, "\(install.stderr)")
        let pc = try String(contentsOfFile: root + "/opt/refresh-host/lib/pkgconfig/refresh-host.pc", encoding: .utf8)
        #expect(pc.hasPrefix("prefix=/opt/refresh-host\n") && !pc.contains(root))
        let manifest = try String(contentsOfFile: root + "/opt/refresh-host/share/refresh-host/install-manifest", encoding: .utf8)
        #expect(manifest.contains("f /opt/refresh-host/bin/refresh-host\n") && !manifest.contains(root))
        let uninstall = try run("/usr/bin/make", ["-C", TestPaths.repository, "uninstall", "PREFIX=/opt/refresh-host",
                                                  "DESTDIR=" + root], deadline: 60, what: "make uninstall DESTDIR=...")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect((FileManager.default.subpaths(atPath: root) ?? ["?"]).isEmpty)
    }

    /// A child process with a deadline: a hang (SwiftPM waiting for a lock, a
    /// plugin that never returns) fails the test with a message instead of
    /// stalling the suite.
    func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
             deadline: Double, what: String) throws -> Finished {
        try runBounded(executable, arguments, environment: environment, directory: directory, deadline: deadline, what: what)
    }

    private var fm: FileManager { .default }
}
