import RefreshDiscovery
import RefreshHostController

/// The scanner's batch size, measured: 1,000 copies of one small C style scanned
/// by `Scanner` directly (no cache, no listing) with one file per child (as the
/// scanner did before batching) up to a few batches in all, so the chosen
/// `Scanner.batchSize` can be checked against its neighbours.
enum ScanBatchBench {
    static func run(cli: String, files: [String]) {
        print("scan: \(files.count) files straight through Scanner, by files per child, wall seconds (best of 2)")
        var table = Table(["files per child", "children", "seconds"])
        let chosen = Scanner(executable: cli).batchSize
        for size in Set([1, 8, 16, 32, 64, 128, chosen]).sorted() where size <= files.count {
            var scanner = Scanner(executable: cli)
            scanner.batchSize = size
            var best = Double.infinity
            for _ in 0..<2 {
                let start = MonotonicClock.seconds()
                _ = scanner.scan(files)
                best = min(best, MonotonicClock.seconds() - start)
            }
            table.add(["\(size)" + (size == chosen ? " (chosen)" : ""), "\(scanner.batches(files.count).count)", format(best, decimals: 3)])
        }
        table.print()
    }
}
