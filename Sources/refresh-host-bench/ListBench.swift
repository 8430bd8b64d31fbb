import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// What discovery costs: `refresh-host list --json` with 200 and 1,000
/// plugin files on the path, with a cold cache (every file loaded by the
/// scanner children, in batches) and a warm one (stat only), against
/// `list --json` with nothing on the path at all, all in one run. The binary
/// runs from a copy in a temporary folder, so neither the bundled styles nor
/// an installed prefix are on its path. `cold: false` (the `list-warm`
/// section) measures only the warm runs against the empty one.
enum ListBench {
    static let sizes = [200, 1000]

    static func run(cold measureCold: Bool = true) throws {
        let exe = FilePaths.executablePath()!
        let bin = String(exe[..<exe.lastIndex(of: "/")!])
        var template = Array("/tmp/refresh-host-list-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("mkdtemp failed") }
        let root = String(cString: made)
        defer { remove(root) }
        for dir in ["/bin", "/home", "/cache-empty"] { mkdir(root + dir, 0o700) }
        let cli = root + "/bin/refresh-host"
        try copy(bin + "/refresh-host", to: cli, mode: 0o755)
        let base = ["PATH=/usr/bin:/bin", "HOME=\(root)/home"]
        let empty = base + ["XDG_CACHE_HOME=\(root)/cache-empty"]
        let arguments = ["list", "--json"]

        print("list: refresh-host list --json, 200 and 1,000 plugin files against nothing on the path, wall seconds")
        var rows: [(name: String, seconds: Double)] = []
        var environments: [[String]] = []
        for files in sizes {
            let folder = root + "/plugins-\(files)", cache = root + "/cache-\(files)"
            for dir in [folder, cache] { mkdir(dir, 0o700) }
            // Copies of one small C style: they shadow each other, which costs list nothing extra.
            for i in 0..<files {
                try copy(bin + "/plugins/Yahoo/libYahooStyle.so", to: folder + "/libstyle\(i).so", mode: 0o755)
            }
            let full = base + ["XDG_CACHE_HOME=\(cache)", "REFRESH_HOST_PLUGIN_PATH=\(folder)"]
            environments.append(full)
            let cacheFile = cache + "/refresh-host/registry.cache"
            if measureCold {
                let cold = try best(of: 3, before: { unlink(cacheFile) }) { try quietly(cli, arguments, environment: full) }
                rows.append(("\(files) files, cold cache (best of 3)", cold))
            }
        }
        // Warm means the files changed more than RegistryCache.recentWindow ago (else a run
        // would still read digests): wait that long after the last copy.
        usleep(3_100_000)
        for full in environments { try quietly(cli, arguments, environment: full) }  // the cache filled and settled
        // Empty and warm runs take turns, so a busy moment on the machine falls on each alike.
        let rounds = 15
        var emptyTime = Double.infinity
        var warm = [Double](repeating: .infinity, count: sizes.count)
        for _ in 0..<rounds {
            emptyTime = min(emptyTime, try best(of: 1) { try quietly(cli, arguments, environment: empty) })
            for (i, full) in environments.enumerated() {
                warm[i] = min(warm[i], try best(of: 1) { try quietly(cli, arguments, environment: full) })
            }
        }
        for (i, files) in sizes.enumerated() { rows.append(("\(files) files, warm cache (best of \(rounds))", warm[i])) }
        var table = Table(["run", "seconds", "x empty"])
        table.add(["empty path (best of \(rounds))", format(emptyTime, decimals: 4), "1.00"])
        for row in rows { table.add([row.name, format(row.seconds, decimals: 4), format(row.seconds / emptyTime, decimals: 2)]) }
        table.print()
        let scanner = Scanner(executable: cli)
        print("  scanner children at once: \(scanner.parallelism), up to \(scanner.batchSize) files each; "
              + "targets: cold 1,000 files within 2 s, warm within 1.2x of empty")
        guard measureCold else { return }
        let largest = sizes.max()!
        ScanBatchBench.run(cli: cli, files: (0..<largest).map { root + "/plugins-\(largest)/libstyle\($0).so" })
    }

    private static func best(of runs: Int, before: () -> Void = {}, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            before()
            let start = MonotonicClock.seconds()
            try body()
            best = min(best, MonotonicClock.seconds() - start)
        }
        return best
    }

    private static func copy(_ source: String, to target: String, mode: mode_t) throws {
        guard let input = fopen(source, "rb") else { throw BenchError("cannot read \(source)") }
        defer { fclose(input) }
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard fd >= 0 else { throw BenchError("cannot write \(target)") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, input)
            if n == 0 { break }
            guard write(fd, buffer, n) == n else { throw BenchError("cannot write \(target)") }
        }
    }

    /// rm -r of the bench's own temporary folder.
    private static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(path) else {
            unlink(path)
            return
        }
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            remove(path + "/" + name)
        }
        closedir(dir)
        rmdir(path)
    }
}
