import Glibc
import RefreshHostController
import RefreshDiscovery
import RefreshPluginRuntime
import RefreshSoak

// `make soak`: refresh-host-soak [--steps N] [--seed S] [--session-steps N]
// Random gestures through worker sessions of every bundled style, every frame held to the
// controller's invariants, memory sampled (RefreshSoak). Exit 0 when nothing broke and memory is flat.

/// One line on stderr (Glibc's stderr is shared mutable state to Swift 6).
func complain(_ line: String) {
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var options = SoakOptions(workerExecutable: "")
var arguments = CommandLine.arguments.dropFirst()
var seedGiven = false
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { complain("refresh-host-soak: \(flag) needs a value\n"); exit(2) }
    switch flag {
    case "--steps": options.steps = Int(value) ?? -1
    case "--seed": options.seed = UInt64(value) ?? 0; seedGiven = UInt64(value) != nil
    case "--session-steps": options.sessionSteps = Int(value) ?? -1
    default: complain("refresh-host-soak: unknown option \(flag)\n"); exit(2)
    }
    if options.steps < 1 || options.sessionSteps < 1 || (flag == "--seed" && !seedGiven) {
        complain("refresh-host-soak: \(flag) \(value) is not a positive number\n")
        exit(2)
    }
}
if !seedGiven { options.seed = UInt64(time(nil)) }

// The bundled styles beside this binary, scanned by refresh-host's own scanner children;
// the designer adapters look at no user folder (XDG_DATA_HOME points nowhere), so the run is the same anywhere.
setenv("XDG_DATA_HOME", "/nonexistent/refresh-host-soak", 1)
let exe = FilePaths.executablePath()!
let bin = String(exe[..<exe.lastIndex(of: "/")!])
options.workerExecutable = bin + "/refresh-host"
let registry = PluginRegistry(directories: [SearchDirectory(bin + "/plugins", .bundled)],
                              options: .init(scanner: options.workerExecutable, cacheFolder: nil))
let styles = registry.styles.compactMap { entry in entry.descriptor.map { SoakStyle(file: entry.file, id: $0.id) } }
    .sorted { $0.id < $1.id }
guard styles.count >= 8 else {
    print("refresh-host-soak: expected the bundled styles in \(bin)/plugins; run `make soak`")
    exit(1)
}

print("refresh-host soak: seed \(options.seed), \(options.steps) steps, \(styles.count) styles, \(options.sessionSteps) steps a session")
let report = SoakRun(styles: styles, options: options).run { line in
    print("  \(line)")
}
let mib = { (bytes: Int) in format(Double(bytes) / 1_048_576, decimals: 1) + " MiB" }
let trend = MemoryTrend()
let hostGrowth = trend.growth(report.hostRSS)
let workerAllowance = 1 << 20
print("steps: \(report.steps) in \(report.sessions) sessions, \(format(report.seconds, decimals: 1)) s wall")
print("refreshes: \(report.begins) begun, \(report.ends) ended; \(report.insetChecks) frames at rest while refreshing; host problems reported about styles: \(report.problems)")
print("disabled: \(report.disables) times, \(report.disabledRefreshes) of them while refreshing")
print("host RSS: \(mib(report.hostRSS.first?.bytes ?? 0)) at the start, \(mib(report.hostRSS.last?.bytes ?? 0)) at the end; "
    + "trend after warm-up: \(mib(Int(hostGrowth))) (flat: under \(mib(trend.allowance)))")
print("worker RSS: largest growth within a session after its warm-up: \(mib(report.workerGrowth)) "
    + "(flat: under \(mib(workerAllowance))); ends ranged \(mib(report.workerRSS.map(\.end).min() ?? 0))"
    + " to \(mib(report.workerRSS.map(\.end).max() ?? 0))")
print("violations: \(report.violations.count)")
for v in report.violations {
    print("  \(v)")
    print("    replay: refresh-host-soak --seed \(options.seed) --steps \(v.step + 1) --session-steps \(options.sessionSteps)")
}
let flat = trend.isFlat(report.hostRSS) && report.workerGrowth < workerAllowance
if !flat { print("memory grew") }
exit(report.violations.isEmpty && flat ? 0 : 1)
