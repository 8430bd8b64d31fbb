import Foundation
import RefreshTestSupport
import Testing

/// Issue 11's proof: a broken or hostile plugin never takes a `refresh-host`
/// command down. Every hostile case (Tests/Fixtures/hostile) under every
/// command, as generated cells (see `MatrixCell.all` for the sample `make
/// test` runs, and `problems(of:_:)` for what each cell must show), each run
/// on the real CLI in its own folder and process group.
///
/// REFRESH_HOST_MATRIX=full runs the whole product; REFRESH_HOST_MATRIX_ONLY=text
/// only the cells whose name contains text ("cycle.", "x validate");
/// REFRESH_HOST_MATRIX_KEEP=1 keeps the cells' folders (printed) for a look;
/// REFRESH_HOST_MATRIX_OLD_HOST=1 leaves out the budget options a host
/// before issue 11 does not know (see `BudgetOptions`).
@Suite("Hostile plugins: the isolation matrix")
struct HostileMatrixTests {
    /// Cells at once: most hang cells only wait for a budget, and `make test` runs suites one at a time.
    static let concurrentCells = 6

    @Test("every hostile case under every command: finished in budget, one line naming it, others unaffected, nothing left")
    func matrix() throws {
        let environment = ProcessInfo.processInfo.environment
        var cells = MatrixCell.all(full: environment["REFRESH_HOST_MATRIX"] == "full")
        if let only = environment["REFRESH_HOST_MATRIX_ONLY"], !only.isEmpty {
            cells = cells.filter { $0.name.contains(only) }
        }
        try #require(!cells.isEmpty, "no cell matches REFRESH_HOST_MATRIX_ONLY")
        let started = Date()
        let build = try HostileBuild(cases: Array(Set(cells.map(\.hostileCase))))
        defer {
            if environment["REFRESH_HOST_MATRIX_KEEP"] == "1" { print("hostile matrix: kept \(build.root)") } else { build.remove() }
        }
        let built = Date().timeIntervalSince(started)

        // One queue entry per case: a case's cells run one after another (they
        // share the fixture's mark folder), cases run side by side, the slow
        // ones (hangs) first so the last few do not trail alone.
        // (popLast takes from the end: the costliest sort last.)
        var groups = Dictionary(grouping: cells, by: \.hostileCase).map { $0.value }
        groups.sort { cost($0) < cost($1) }
        let queue = Shared(groups)
        let results = Shared<[MatrixCell: (CellOutcome, [String])]>([:])
        let done = DispatchGroup()
        for _ in 0..<Self.concurrentCells {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                while let group = queue.withLock({ $0.popLast() }) {
                    for cell in group {
                        let outcome = build.run(cell)
                        let found = problems(of: cell, outcome)
                        results.withLock { $0[cell] = (outcome, found) }
                    }
                }
            }
        }
        done.wait()

        let all = results.withLock { $0 }
        let failed = all.filter { !$0.value.1.isEmpty }.sorted { $0.key.name < $1.key.name }
        print(summaryTable(cells, all))
        for (cell, (outcome, found)) in failed {
            print("FAIL \(cell.name) [\(describe(outcome.ending)), \(String(format: "%.1f", outcome.seconds)) s]: "
                  + found.joined(separator: "; "))
            if let line = outcome.stderrLines.first { print("     stderr: \(line.prefix(200))") }
        }
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "hostile matrix: %d cells, %d passed, %d failed, in %.0f s (%.0f s building fixtures)",
                     cells.count, cells.count - failed.count, failed.count, elapsed, built))
        if !failed.isEmpty {
            Issue.record("""
                \(failed.count) of \(cells.count) cells failed (the table and a line per failure are in the output), \
                first: \(failed.prefix(5).map { "\($0.key.name): \($0.value.1.first ?? "")" }.joined(separator: " | "))
                """)
        }
    }

    /// The sample is what `MatrixCell.all` promises, so a change to it cannot quietly drop a corner.
    @Test("the sample keeps every case under each command family, and every command under every entry point, behaviour and bad file")
    func sample() {
        let cells = MatrixCell.all(full: false)
        for item in HostileCase.all {
            let families = Set(cells.filter { $0.hostileCase == item }.map(\.command.family))
            #expect(families.count == 3, "\(item.name): \(families)")
        }
        for command in MatrixCommand.allCases {
            let mine = cells.filter { $0.command == command }.map(\.hostileCase)
            for at in EntryPoint.allCases where !mine.contains(where: { $0.entryPoint == at }) {
                Issue.record("\(command.rawValue) never meets \(at.rawValue)")
            }
            for does in Behaviour.allCases where !mine.contains(where: { $0.behaviour == does }) {
                Issue.record("\(command.rawValue) never meets \(does.rawValue)")
            }
            for file in FileCase.allCases where !command.runsTheBadStyle && !mine.contains(.init(kind: .file(file))) {
                Issue.record("\(command.rawValue) never meets the bad file \(file.rawValue)")
            }
        }
        let plugins = HostileCase.all.filter { $0.styleID != nil }.count
        #expect(MatrixCell.all(full: true).count
                == plugins * MatrixCommand.allCases.count + FileCase.allCases.count * (MatrixCommand.allCases.count - 2))
        #expect(Set(cells).count == cells.count)
    }

    /// The bad files and the fixtures every case builds on: built, and what
    /// the matrix assumes of them, so a broken fixture is not read as a broken host.
    @Test("the hostile fixtures and bad files are what the matrix says they are")
    func fixtures() throws {
        let build = try HostileBuild(cases: [HostileCase(kind: .plugin(.cycle, .print_stdout))])
        defer { build.remove() }
        let folder = build.root + "/check"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in FileCase.allCases { try build.place(HostileCase(kind: .file(file)), in: folder) }
        func header(_ file: FileCase) -> Data? {
            FileHandle(forReadingAtPath: folder + "/" + HostileCase(kind: .file(file)).fileName).map { h in
                defer { try? h.close() }
                return h.readData(ofLength: 64)
            }
        }
        let elf = Data([0x7F, 0x45, 0x4C, 0x46])
        // e_machine (offset 18): not this machine's.
        let arm = try #require(header(.other_arch))
        #if arch(x86_64)
        #expect(arm.starts(with: elf) && arm[18] == 183, "other_arch is not an aarch64 ELF")
        #endif
        // e_type (offset 16): 3 (ET_DYN) for a PIE executable too; it has an interpreter, which no plugin has.
        let exe = try #require(header(.elf_executable))
        #expect(exe.starts(with: elf))
        let truncated = try FileManager.default.attributesOfItem(atPath: folder + "/libhostile_file_truncated_elf.so")
        #expect(truncated[.size] as? Int == 3000)
        let needed = try runProcess("/usr/bin/env", ["readelf", "-d", folder + "/libhostile_file_missing_dependency.so"])
        #expect(needed.stdout.contains("[libhostile_gone.so]"))
        #expect(!FileManager.default.fileExists(atPath: build.root + "/material/libhostile_gone.so"))
        var info = stat()
        #expect(lstat(folder + "/libhostile_file_world_writable.so", &info) == 0 && info.st_mode & 0o777 == 0o666)
        #expect(lstat(folder + "/libhostile_file_fifo.so", &info) == 0 && info.st_mode & 0o170000 == 0o010000)
        #expect(stat(folder + "/libhostile_file_symlink_loop.so", &info) != 0 && errno == ELOOP)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/libhostile_file_symlink_dev_zero.so")
                == "/dev/zero")

        // A behaviour fixture fires where it says, and only there: print_stdout
        // in cycle prints once per process, after the first cycle started
        // (seen with --in-process, where the plugin shares the command's stdout).
        let plugins = build.root + "/one"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let item = HostileCase(kind: .plugin(.cycle, .print_stdout))
        try build.place(item, in: plugins)
        let isolated = try runProcess(TestPaths.cli, ["run", item.styleID!, "--no-live", "--plugin-path", plugins])
        #expect(isolated.status == 0 && isolated.stdout.contains("did-start-cycle 1"))
        #expect(!isolated.stdout.contains("says hello"), "a worker's prints reached the command's stdout")
        let run = try runProcess(TestPaths.cli, ["run", item.styleID!, "--no-live", "--in-process", "--plugin-path", plugins])
        let lines = run.stdout.split(separator: "\n")
        let hello = try #require(lines.firstIndex { $0.contains("says hello on stdout") }, "\(run.stdout)")
        let firstCycle = try #require(lines.firstIndex { $0.contains("did-start-cycle 1") })
        #expect(hello > firstCycle && lines.filter { $0.contains("says hello") }.count == 1)
        // Once per process: the worker's run and the in-process run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: build.markDirectory(item)).count == 2)
    }
}

/// Hangs cost a budget in every cell, crashes little: the hang cases go first.
private func cost(_ group: [MatrixCell]) -> Double {
    group.reduce(0) { total, cell in
        let hang = [.hang_busy, .hang_sleep, .hang_read_stdin].contains(cell.hostileCase.behaviour) || cell.hostileCase.kind
            == .file(.fifo) || cell.hostileCase.kind == .file(.symlink_dev_zero)
        return total + (hang ? cell.command.budget : 0.5)
    }
}

private func describe(_ ending: CellOutcome.Ending) -> String {
    switch ending {
    case let .exited(code): "exit \(code)"
    case let .signalled(signal): "signal \(signal)"
    case .timedOut: "killed at the deadline"
    case let .harnessFailure(why): "harness: \(why)"
    }
}

/// One row per case, one column per command: "ok 0.3", "FAIL 6.0", or "." for a cell not in this run.
private func summaryTable(_ cells: [MatrixCell], _ results: [MatrixCell: (CellOutcome, [String])]) -> String {
    let cases = HostileCase.all.filter { item in cells.contains { $0.hostileCase == item } }
    let width = max(24, cases.map(\.name.count).max() ?? 0)
    func pad(_ text: String, _ n: Int) -> String { text + String(repeating: " ", count: max(0, n - text.count)) }
    var lines = [pad("case", width) + " " + MatrixCommand.allCases.map { pad($0.column, 9) }.joined()]
    for item in cases {
        var row = pad(item.name, width) + " "
        for command in MatrixCommand.allCases {
            let cell = MatrixCell(hostileCase: item, command: command)
            guard let (outcome, found) = results[cell] else {
                row += pad(".", 9)
                continue
            }
            row += pad((found.isEmpty ? "ok " : "FAIL ") + String(format: "%.1f", outcome.seconds), 9)
        }
        lines.append(row)
    }
    return lines.joined(separator: "\n")
}
