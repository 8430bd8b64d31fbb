import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// `make bench`: what the host's design costs, measured in one run so the
/// numbers can be compared with each other (ratios), not with other machines.
@main
struct Bench {
    /// The bundled styles' short names, as the registry lists them.
    nonisolated(unsafe) static var styles: [String] = []  // set once, first, on the main thread

    /// The sections, in the order a bare `refresh-host-bench` runs them.
    static var sections: [(name: String, run: (LoadedPlugins) throws -> Void)] { [
        ("dispatch", dispatch), ("services", HostServicesBench.run), ("lifecycle", lifecycle), ("memory", memory), ("render", RenderBench.run),
        ("validate", ValidateBench.run), ("isolation", IsolationBench.run), ("list", { _ in try ListBench.run() }),
        ("list-warm", { _ in try ListBench.run(cold: false) }),
        ("terminal", terminal), ("designs", DesignsBench.run), ("embedding", EmbedBench.run),
    ] }

    /// `refresh-host-bench [section...]`: the named sections only, or all of
    /// them; BENCH_STYLES (comma-separated ids) narrows the styles.
    static func main() throws {
        let chosen = Array(CommandLine.arguments.dropFirst())
        if let unknown = chosen.first(where: { name in !sections.contains { $0.name == name } }) {
            print("bench: no section '\(unknown)'; sections: \(sections.map(\.name).joined(separator: " "))")
            exit(2)
        }
        // Discovery alone needs no plugin in this process.
        if chosen == ["list"] || chosen == ["list-warm"] {
            try ListBench.run(cold: chosen == ["list"])
            return
        }
        let exe = FilePaths.executablePath()!
        let folder = String(exe[..<exe.lastIndex(of: "/")!]) + "/plugins"
        let plugins = LoadedPlugins(directories: [SearchDirectory(folder, .bundled)])
        guard plugins.registry.styles.count >= 8 else {
            print("bench: expected the eight bundled styles in \(folder); run `make bench`")
            exit(1)
        }
        styles = plugins.registry.styles.compactMap { $0.descriptor?.id.split(separator: ".").last.map(String.init) }
        // BENCH_STYLES=material,waterdrop: only those (to profile one).
        if let only = getenv("BENCH_STYLES").map({ String(cString: $0).split(separator: ",").map(String.init) }) {
            styles = styles.filter(only.contains)
        }
        print("refresh-host bench (release build, \(folder))")
        // A bare run has list-warm's figures in list's.
        for section in sections where chosen.isEmpty ? section.name != "list-warm" : chosen.contains(section.name) {
            print("")
            try section.run(plugins)
        }
    }

    /// Best of five runs of `body`, in seconds.
    static func best(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = MonotonicClock.seconds()
            body()
            best = min(best, MonotonicClock.seconds() - start)
        }
        return best
    }

    /// The best of `rounds` runs of each body, in CPU seconds of this thread,
    /// the bodies taking turns: a burst of load from elsewhere on a shared
    /// machine then falls on both sides of a ratio, not on one.
    static func interleaved(rounds: Int = 7, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<rounds {
            var start = cpuSeconds()
            a()
            best.0 = min(best.0, cpuSeconds() - start)
            start = cpuSeconds()
            b()
            best.1 = min(best.1, cpuSeconds() - start)
        }
        return best
    }

    /// CPU seconds of this thread: load from elsewhere on the machine does not count.
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A whole refresh (the default gesture) per style: frames simulated per
    /// second of wall time, and the share spent inside the plugin.
    static func lifecycle(_ plugins: LoadedPlugins) throws {
        print("lifecycle: default gesture at 60 fps (pull 0.6 s, refresh 2.5 s, exit, reset), best of 5")
        var table = Table(["style", "frames", "frames/s", "us/frame", "calls", "in plugin"])
        for style in styles {
            var frames = 0
            var calls = 0
            var inPlugin = 0.0
            let time = best {
                let session = try! Bench.session(plugins, style)
                let controller = session.controller
                let gesture = Gesture()
                gesture.schedule(on: controller)
                let before = plugins.dispatcher.statistics.values.reduce((0, 0.0)) { ($0.0 + $1.count, $0.1 + $1.total) }
                frames = 0
                FrameLoop(fps: 60).run(controller, limit: 10, stop: { $0.timeline.now > gesture.endTime && $0.isAtRest },
                                       onFrame: { _, _ in frames += 1 })
                session.close()
                let after = plugins.dispatcher.statistics.values.reduce((0, 0.0)) { ($0.0 + $1.count, $0.1 + $1.total) }
                calls = after.0 - before.0
                inPlugin = after.1 - before.1
            }
            table.add([style, "\(frames)", format(Double(frames) / time, decimals: 0),
                       format(time / Double(frames) * 1e6, decimals: 1), "\(calls)",
                       format(min(1, inPlugin / time) * 100, decimals: 0) + "%"])
        }
        table.print()
    }

    /// Peak memory after 10 and after 1,000 refreshes of one instance: the
    /// difference is what a refresh leaks, if anything.
    static func memory(_ plugins: LoadedPlugins) throws {
        print("memory: refreshes of one Yahoo instance (programmatic start, 0.1 s refresh, exit, reset)")
        let session = try Bench.session(plugins, "yahoo")
        let (tree, controller) = (session.controller.tree, session.controller)
        var table = Table(["refreshes", "max RSS KiB", "layers", "animations", "timeline"])
        var done = 0
        for target in [10, 100, 1000] {
            while done < target {
                var gesture = Gesture()
                gesture.start = .programmatic
                gesture.refreshDuration = 0.1
                gesture.startTime = tree.timeline.now
                gesture.schedule(on: controller)
                FrameLoop(fps: 30).run(controller, from: tree.timeline.now, limit: 10,
                                       stop: { $0.timeline.now > gesture.endTime && $0.isAtRest })
                done += 1
            }
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            table.add(["\(done)", "\(usage.ru_maxrss)", "\(tree.layerCount)", "\(tree.animationCount)",
                       "\(tree.timeline.pendingCount)"])
        }
        session.close()
        table.print()
    }

    static func ns(_ seconds: Double) -> String { format(seconds * 1e9, decimals: 1) }
}

/// Minimal aligned table.
struct Table {
    var rows: [[String]]
    init(_ header: [String]) { rows = [header] }
    mutating func add(_ row: [String]) { rows.append(row) }
    func print() {
        let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max()! }
        for row in rows {
            Swift.print("  " + row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
                .joined(separator: "  "))
        }
    }
}

struct RequireError: Error {}
func require<T>(_ value: T?) throws -> T {
    guard let value else { throw RequireError() }
    return value
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
