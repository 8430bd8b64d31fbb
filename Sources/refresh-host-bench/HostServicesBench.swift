import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// What each host service (every function of rh_host_t) costs a style per
/// call, so that a slow one shows: issue 26 found layer_remove_animations at
/// 190 us against layer_set's 0.4 us. The calls come from a real C plugin
/// (Tests/Fixtures/bench_services.c, built by `make bench` into
/// bench-plugins/ beside this binary), in this process, entered through the
/// dispatcher as every callback is; the plugin times each call itself.
enum HostServicesBench {
    static let rounds = 5

    /// One row of the plugin's table (bench_service_t: seven 8-byte fields).
    struct Row {
        var name: String
        var offset: Int
        var note: String
        var calls: UInt64
        var meanNanoseconds: Double
        var longestNanoseconds: Double
        var failures: UInt64
    }

    static func run(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let folder = String(exe[..<exe.lastIndex(of: "/")!]) + "/bench-plugins"
        let benchPlugins = LoadedPlugins(directories: [SearchDirectory(folder, .option)])
        defer { benchPlugins.close() }
        guard let entry = try? benchPlugins.registry.lookup("bench_services"), let library = benchPlugins.library(at: entry.file) else {
            throw BenchError("services: no bench_services plugin in \(folder); run `make bench`")
        }
        let session = try Bench.session(benchPlugins, "bench_services")
        defer { session.close() }
        // One round a frame: the frame between lets cancelled timers run and
        // per-frame limits (haptic, announce) start again.
        for round in 0..<rounds {
            session.animator.pull(distance: Double(round), ratio: 0, velocity: 0)
            let controller = session.controller
            controller.advance(to: controller.tree.timeline.now + 1.0 / 60)
        }
        let rows = try table(library.path)
        print("services: every rh_host_t function called from C (\(library.path.split(separator: "/").last!)), in process,")
        print("  timed call by call (CLOCK_MONOTONIC, clock cost subtracted): best round's mean of \(rounds), longest of all")
        print("  (the longest is wall time: on a busy machine a preemption, a few ms, lands there and not in the means)")
        let unit = try require(rows.first { $0.name == "layer_set" }).meanNanoseconds
        show(rows, unit: unit, first: "service")
        print("")
        print("services: every function of every extension (refresh_host_ext.h, ABI 1.5), the same way:")
        show(try table(library.path, symbol: "rh_bench_extension_services"), unit: unit, first: "extension.function")
    }

    static func show(_ rows: [Row], unit: Double, first: String) {
        var t = Table([first, "calls", "ns/call", "x layer_set", "longest us", "failed", "called with"])
        for row in rows {
            t.add([row.name, "\(row.calls)", format(row.meanNanoseconds, decimals: 0),
                   format(row.meanNanoseconds / unit, decimals: 1), format(row.longestNanoseconds / 1000, decimals: 1),
                   row.failures == 0 ? "" : "\(row.failures)", row.note])
        }
        t.print()
    }

    /// One of the plugin's tables, read through its extra exports.
    static func table(_ path: String, symbol name: String = "rh_bench_services") throws -> [Row] {
        let handle = try require(dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD))
        defer { dlclose(handle) }
        let symbol = try require(dlsym(handle, name))
        let services = unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<UInt32>) -> UnsafeRawPointer?).self)
        var count: UInt32 = 0
        let base = try require(services(&count))
        return (0..<Int(count)).map { i in
            let p = base + i * 56
            func text(_ at: Int) -> String {
                p.load(fromByteOffset: at, as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? ""
            }
            return Row(name: text(0), offset: p.load(fromByteOffset: 8, as: Int.self), note: text(16),
                       calls: p.load(fromByteOffset: 24, as: UInt64.self), meanNanoseconds: p.load(fromByteOffset: 32, as: Double.self),
                       longestNanoseconds: p.load(fromByteOffset: 40, as: Double.self),
                       failures: p.load(fromByteOffset: 48, as: UInt64.self))
        }
    }
}
