import RefreshHostController
import RefreshPluginRuntime
import RefreshWorker
import RefreshSession

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// What running plugins in a worker costs `render` and the live preview.
enum IsolationBench {
    static func run(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let cli = String(exe[..<exe.lastIndex(of: "/")!]) + "/refresh-host"
        print("render through a worker: refresh-host render <style> --out X.webp --fps 60, best of 5 wall-clock runs,")
        print("the two ways alternating so that load from elsewhere falls on both alike")
        print("(the worker steps the style and sends each frame's layers; this process draws and encodes)")
        var table = Table(["style", "worker s", "in-process s", "throughput x in-process"])
        let out = "/tmp/refresh-host-bench-\(getpid()).webp"
        defer { unlink(out) }
        for style in Bench.styles {
            let arguments = ["render", style, "--out", out, "--fps", "60"]
            var worker = Double.infinity, inProcess = Double.infinity
            for _ in 0..<5 {
                worker = min(worker, try ValidateBench.best(of: 1) { try quietly(cli, arguments) })
                inProcess = min(inProcess, try ValidateBench.best(of: 1) {
                    try quietly(cli, arguments + ["--in-process"])
                })
            }
            table.add([style, format(worker, decimals: 3), format(inProcess, decimals: 3),
                       format(inProcess / worker, decimals: 2)])
        }
        table.print()
        print("")
        try liveRoundTrip(plugins, cli: cli)
    }

    /// The live preview's per-frame cost of the worker: an advance sent and its frame back, decoded.
    static func liveRoundTrip(_ plugins: LoadedPlugins, cli: String) throws {
        print("live preview through a worker: one advance and its frame (layers) back, 600 frames at 1/60 s")
        var table = Table(["style", "mean us", "p99 us", "max us", "bytes/frame"])
        for style in Bench.styles {
            let entry = try plugins.registry.lookup(style)
            let id = try require(entry.descriptor).id
            var settings = SessionSettings()
            settings.budget = 5
            let session = try WorkerSession(file: entry.file, style: id, settings: settings, executable: cli)
            defer { session.close() }
            var times: [Double] = []
            let before = session.receivedBytes
            for k in 0..<600 {
                if k == 10 { session.send(.beginRefreshing) }
                let start = MonotonicClock.seconds()
                _ = try session.advance(to: Double(k) / 60)
                times.append(MonotonicClock.seconds() - start)
            }
            let bytes = session.receivedBytes - before
            let sorted = times.sorted()
            table.add([style, format(times.reduce(0, +) / Double(times.count) * 1e6, decimals: 1),
                       format(sorted[sorted.count * 99 / 100] * 1e6, decimals: 1), format(sorted.last! * 1e6, decimals: 1),
                       "\(bytes / times.count)"])
        }
        table.print()
        print("(a frame at 60 fps has 16,667 us)")
    }
}
