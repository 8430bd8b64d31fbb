import Foundation
import RefreshDiscovery
import RefreshPluginRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The registry cache under ten `list` processes at once while plugin files
/// are added, replaced and removed, some of the lists killed with SIGKILL
/// mid-scan (issue 27 item 11). Real processes, real files, a seeded plan:
/// a failure names its seed, and `RH_STRESS_SEED` replays it.
@Suite(.tags(.endToEnd), .serialized) struct RegistryCacheStressTests {
    /// Four builds of one fixture that differ only in the style id, so every
    /// variant has the same size: a replacement in place keeps the inode and
    /// the size, and with its mtime set back only the ctime (and the content) tell.
    static let ids = (0..<4).map { "test.stress.v\($0)" }
    static let slots = 6
    /// Files written once before the churn and never touched: their records must survive every round.
    static let stable = ["stable0", "stable1"]

    struct Plan: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func environment(cache: String, plugins: String) -> [String: String] {
        ["HOME": NSTemporaryDirectory() + "refresh-host-no-home", "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": cache,
         "REFRESH_HOST_PLUGIN_PATH": plugins]
    }

    /// The cache as a later command would read it.
    func records(_ cache: String) -> Result<[String: RegistryCache.Record], RegistryCache.ReadError> {
        let designs = NSTemporaryDirectory() + "refresh-host-no-home/.local/share/refresh-host/styles"
        return RegistryCache(folder: cache + "/refresh-host", scanner: TestPaths.cli,
                             context: PluginRegistry.Options.context(designs: designs)).read()
    }

    static func styleID(_ outcome: ScanOutcome) -> String? {
        guard case let .loaded(_, styles, _) = outcome, case let .descriptor(d)? = styles.first else { return nil }
        return d.id
    }

    /// Writes `bytes` into the existing file at `path` (same inode), then
    /// optionally sets its times back to what they were: `cp`/`rsync` into a
    /// file, or two builds in one clock tick, look like this.
    static func rewriteInPlace(_ path: String, _ bytes: [UInt8], keepTimes: Bool) {
        var before = stat()
        let had = stat(path, &before) == 0
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        if keepTimes && had {
            var times = [before.st_atim, before.st_mtim]
            futimens(fd, &times)
        }
        close(fd)
    }

    /// A new file (new inode) renamed over the name, as `make` or `install` would.
    static func replace(_ path: String, _ bytes: [UInt8]) {
        let temporary = path + ".new"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes))
        rename(temporary, path)
    }

    @Test("ten lists at once, files added, replaced and removed, lists SIGKILLed mid-scan: the cache is always whole, keeps good records, trusts no changed file")
    func churn() throws {
        let seed = ProcessInfo.processInfo.environment["RH_STRESS_SEED"].flatMap { UInt64($0) }
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let pool = TemporaryDirectory(), dir = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { pool.remove(); dir.remove(); cache.remove() }
        var variants: [[UInt8]] = []
        for (n, id) in Self.ids.enumerated() {
            let built = try Fixture.build("valid_minimal", into: pool.path, output: "v\(n)",
                                          extraFlags: ["-DFIXTURE_ID=\"\(id)\""])
            variants.append(Array(try Data(contentsOf: URL(fileURLWithPath: built))))
        }
        #expect(Set(variants.map(\.count)).count == 1, "the variants differ in size; the in-place case needs one size")
        func idOf(_ path: String) -> String? {
            guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
            return variants.firstIndex(of: Array(bytes)).map { Self.ids[$0] }
        }
        for (n, name) in Self.stable.enumerated() { Self.replace(dir.path + "/\(name).so", variants[n]) }
        let env = environment(cache: cache.path, plugins: dir.path)
        // A first list scans the bundled plugins too; the churn then only rescans what it changes.
        let first = try runProcess(TestPaths.cli, ["list"], environment: env)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")

        var plan = Plan(state: seed)
        let started = Date()
        var round = 0
        var killed = 0
        while round < 12 && Date().timeIntervalSince(started) < 18 {
            round += 1
            let context = "seed \(seed), round \(round)"
            // Ten lists at once; their output goes to files so none blocks on a pipe.
            let lists = try (0..<10).map { n -> (Process, String) in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: TestPaths.cli)
                process.arguments = ["list", "--json"]
                process.environment = env
                let errFile = cache.path + "/err.\(round).\(n)"
                _ = FileManager.default.createFile(atPath: errFile, contents: nil)
                process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
                process.standardError = FileHandle(forWritingAtPath: errFile)
                try process.run()
                return (process, errFile)
            }
            // Which lists die, and when: anywhere from before their scan to after their write.
            var deaths = (0..<10).map { _ in Int.random(in: 0...3, using: &plan) == 0 ? Double.random(in: 0...0.6, using: &plan) : nil }
            let roundStart = Date()
            // Churn while they run.
            for _ in 0..<Int.random(in: 4...12, using: &plan) {
                let slot = dir.path + "/s\(Int.random(in: 0..<Self.slots, using: &plan)).so"
                let bytes = variants[Int.random(in: 0..<variants.count, using: &plan)]
                switch Int.random(in: 0..<4, using: &plan) {
                case 0: Self.replace(slot, bytes)
                case 1: Self.rewriteInPlace(slot, bytes, keepTimes: false)
                case 2: Self.rewriteInPlace(slot, bytes, keepTimes: true)
                default: unlink(slot)
                }
                usleep(UInt32.random(in: 0...40_000, using: &plan))
                for (n, death) in deaths.enumerated() {
                    if let death, Date().timeIntervalSince(roundStart) >= death {
                        kill(lists[n].0.processIdentifier, SIGKILL)
                        deaths[n] = nil
                        killed += 1
                    }
                }
            }
            for (n, death) in deaths.enumerated() where death != nil {
                let wait = death! - Date().timeIntervalSince(roundStart)
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                kill(lists[n].0.processIdentifier, SIGKILL)
                killed += 1
            }
            for (process, errFile) in lists {
                process.waitUntilExit()
                let stderr = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
                // Every list, killed or not, read a whole cache (a killed one may have printed nothing).
                #expect(!stderr.contains("registry cache"), "\(context): \(stderr)")
                if process.terminationReason == .exit {
                    #expect(process.terminationStatus == 0, "\(context): \(stderr)")
                }
            }

            // Quiet now: what the cache says must hold for the files as they are.
            switch records(cache.path) {
            case let .failure(error):
                Issue.record("\(context): the cache does not read: \(error)")
            case let .success(known):
                for name in Self.stable {
                    let path = dir.path + "/\(name).so"
                    #expect(known[path]?.identity == FileIdentity.of(path), "\(context): the record of \(name) is lost")
                }
                for (path, record) in known where path.hasPrefix(dir.path + "/") {
                    // A record is trusted when its identity is the file's, unless it carries a digest the file must match.
                    guard let identity = FileIdentity.of(path), record.holds(for: path, identity: identity) else { continue }
                    #expect(Self.styleID(record.outcome) == idOf(path),
                            "\(context): \(path) holds \(idOf(path) ?? "?") but its trusted record says \(Self.styleID(record.outcome) ?? "?")")
                }
            }
            // And what a list shows: each file's own style.
            let quiet = try runProcess(TestPaths.cli, ["list", "--json"], environment: env)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(context): \(quiet.stderr)")
            let fresh = try runProcess(TestPaths.cli, ["list", "--json", "--rescan"], environment: env)
            #expect(quiet.stdout == fresh.stdout, "\(context): a warm list differs from a rescan")
        }
        #expect(killed > 0, "seed \(seed): no list was killed")
        // No writer's temporary file outlives the next writer.
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/refresh-host")) ?? []
        #expect(leftovers.filter { $0.hasSuffix(".tmp") }.isEmpty, "seed \(seed): \(leftovers)")
    }
}
