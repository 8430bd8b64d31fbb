import Foundation
@testable import RefreshDiscovery
import RefreshPluginRuntime
import RefreshTestSupport
import RefreshWorker
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Batches of files per scanner child, with real children and real .so files:
/// what a crash, a hang or an exit in the middle of a batch costs, and whom it is blamed on.
@Suite struct ScanBatchTests {
    /// `count` copies of the valid minimal fixture in `dir`, named so they sort before and after the bad ones.
    static func copies(of valid: String, _ count: Int, named prefix: String, in dir: String) throws -> [String] {
        try (0..<count).map { i in
            let path = dir + "/lib\(prefix)\(i).so"
            try FileManager.default.copyItem(atPath: valid, toPath: path)
            return path
        }
    }

    @Test("batches are even, cover every file once in order, and give every child a batch")
    func batchPlan() {
        var scanner = Scanner(executable: "/bin/false", parallelism: 2)
        scanner.batchSize = 32
        for count in [0, 1, 2, 3, 31, 64, 65, 200, 1000] {
            let batches = scanner.batches(count)
            #expect(batches.flatMap { $0 } == Array(0..<count))
            #expect(batches.allSatisfy { $0.count <= 32 && !$0.isEmpty })
            if let sizes = Optional(batches.map(\.count)), let low = sizes.min(), let high = sizes.max() {
                #expect(high - low <= 1)
            }
            #expect(batches.count >= min(count, 2))
        }
        #expect(scanner.batches(1000).count == 32)
    }

    @Test("a crash and a hang in the middle of one batch: every good file loads, exactly the two bad ones are quarantined with their causes")
    func crashAndHangMidBatch() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let build = dir.path + "/build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let valid = try Fixture.build("valid_minimal", into: build)
        let crashing = try Fixture.build("ctor_abort", into: build)
        let hanging = try Fixture.build("descriptor_hang", into: build)
        let good = try Self.copies(of: valid, 40, named: "good", in: dir.path)
        let paths = Array(good[0..<15]) + [crashing] + Array(good[15..<30]) + [hanging] + Array(good[30...])
        var scanner = Scanner(executable: TestPaths.cli, deadline: 1, parallelism: 1)
        scanner.batchSize = 64  // all of them in one child's batch
        #expect(scanner.batches(paths.count).count == 1)
        let start = Date()
        let results = scanner.scan(paths)
        let expected = ScanWorker.scan(valid)
        guard case .loaded = expected else { Issue.record("the valid fixture does not load: \(expected)"); return }
        for (path, result) in zip(paths, results) where path != crashing && path != hanging {
            #expect(try result.get() == expected, "\(path)")
        }
        #expect(try results[15].get() == .quarantined("crashed the scanner with SIGABRT in the library's constructors"))
        #expect(try results[31].get() == .quarantined("hung the scanner: no answer within 1 s (in style_descriptor())"))
        // The hang never ends by itself: finishing at all means it was stopped. The bound is for a
        // scanner that waits on it more than its deadline a few times over, not a speed.
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test("a plugin's signal handler turns a later file's crash into a hang: the later file is scanned alone and blamed for its own crash only")
    func notBlamedForAnother() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let build = dir.path + "/build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let valid = try Fixture.build("valid_minimal", into: build)
        // Swallows SIGSEGV as its constructor runs: a SIGSEGV later in the same process faults for ever.
        let handlers = try Fixture.build("hostile/hostile", into: build, output: "handlers",
                                         extraFlags: ["-DHOSTILE_AT=constructor", "-DHOSTILE_DO=signal_handlers"])
        let segv = try Fixture.build("hostile/hostile", into: build, output: "segv",
                                     extraFlags: ["-DHOSTILE_AT=style_descriptor", "-DHOSTILE_DO=crash_segv",
                                                  "-DHOSTILE_HANG_LIMIT=5.0"])
        let exits = try Fixture.build("hostile/hostile", into: build, output: "exits",
                                      extraFlags: ["-DHOSTILE_AT=style_descriptor", "-DHOSTILE_DO=exit0"])
        let good = try Self.copies(of: valid, 9, named: "good", in: dir.path)
        let paths = Array(good[0..<3]) + [handlers] + Array(good[3..<6]) + [segv] + [exits] + Array(good[6...])
        var scanner = Scanner(executable: TestPaths.cli, deadline: 1, parallelism: 1)
        scanner.batchSize = 64
        let results = scanner.scan(paths)
        guard case .loaded = try results[3].get() else { Issue.record("the handler plugin: \(results[3])"); return }
        #expect(try results[7].get() == .quarantined("crashed the scanner with SIGSEGV in style_descriptor()"))
        #expect(try results[8].get() == .quarantined("made the scanner exit without an answer in style_descriptor()"))
        let expected = ScanWorker.scan(valid)
        for index in [0, 1, 2, 4, 5, 6, 9, 10, 11] {
            #expect(try results[index].get() == expected, "file \(index)")
        }
    }

    @Test("a crash as the child exits, after the whole batch answered: the batch is halved until the file is alone")
    func crashAtExit() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let build = dir.path + "/build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        let valid = try Fixture.build("valid_minimal", into: build)
        let dtor = try Fixture.build("dtor_segv", into: build)
        let good = try Self.copies(of: valid, 12, named: "good", in: dir.path)
        let paths = Array(good[0..<5]) + [dtor] + Array(good[5...])
        var scanner = Scanner(executable: TestPaths.cli, deadline: 5, parallelism: 2)
        scanner.batchSize = 64
        let results = scanner.scan(paths)
        #expect(try results[5].get() == .quarantined("crashed the scanner with SIGSEGV as it exited (the library's destructors?)"))
        let expected = ScanWorker.scan(valid)
        for (index, result) in results.enumerated() where index != 5 {
            #expect(try result.get() == expected, "file \(index)")
        }
    }

    @Test("the CPU budget is each file's: a batch of busy files is not killed for their sum, and a spinning file is stopped at its own")
    func cpuBudgetPerFile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let build = dir.path + "/build"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        // Spins 0.6 s in its constructor, then loads: four of them take 2.4 s of CPU, past one file's 2 s.
        let slow = try Fixture.build("hostile/hostile", into: build, output: "slow",
                                     extraFlags: ["-DHOSTILE_AT=constructor", "-DHOSTILE_DO=hang_busy",
                                                  "-DHOSTILE_HANG_LIMIT=0.6"])
        let spinner = try Fixture.build("hostile/hostile", into: build, output: "spinner",
                                        extraFlags: ["-DHOSTILE_AT=constructor", "-DHOSTILE_DO=hang_busy"])
        let valid = try Fixture.build("valid_minimal", into: build)
        // A wall deadline the CPU limit comes well before, on any machine.
        var scanner = Scanner(executable: TestPaths.cli, deadline: 60, parallelism: 1)
        scanner.batchSize = 64
        scanner.limits.cpuSeconds = 2
        for result in scanner.scan(try Self.copies(of: slow, 4, named: "slow", in: dir.path)) {
            guard case .loaded = try result.get() else { Issue.record("\(result)"); continue }
        }
        let paths = try Self.copies(of: valid, 7, named: "good", in: dir.path) + [spinner]
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let results = scanner.scan(paths)
        var after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        guard case let .quarantined(why) = try results[7].get() else { Issue.record("\(results[7])"); return }
        #expect(why.hasPrefix("hung the scanner: more than 2 s of CPU time"))
        // The spinner gets about 3 s of CPU in the batch and again alone; under the batch's hard
        // limit (2 s a file: 17 s) instead of its own, it would take 17 before its rescan.
        let seconds = { (u: rusage) in Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6 }
        #expect(seconds(after) - seconds(before) < 12)
    }
}
