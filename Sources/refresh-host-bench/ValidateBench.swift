import RefreshHostController
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// What isolation costs the validator: `refresh-host validate` on each bundled
/// style at strictness 10, every check in its own child process against all
/// of them in one process (`--in-process`). Same seed, so the same work.
enum ValidateBench {
    static func run(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let cli = String(exe[..<exe.lastIndex(of: "/")!]) + "/refresh-host"
        print("validate: refresh-host validate <style> --strictness 10 --seed 1, best of 3 wall-clock runs")
        var table = Table(["style", "child processes s", "in-process s", "x in-process"])
        for style in Bench.styles {
            let file = try plugins.registry.lookup(style).file
            let arguments = ["validate", file, "--strictness", "10", "--seed", "1"]
            let isolated = try best(of: 3) { try quietly(cli, arguments) }
            let inProcess = try best(of: 3) { try quietly(cli, arguments + ["--in-process"]) }
            table.add([style, format(isolated, decimals: 2), format(inProcess, decimals: 2),
                       format(isolated / inProcess, decimals: 2)])
        }
        table.print()
    }

    static func best(of runs: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = MonotonicClock.seconds()
            try body()
            best = min(best, MonotonicClock.seconds() - start)
        }
        return best
    }
}
