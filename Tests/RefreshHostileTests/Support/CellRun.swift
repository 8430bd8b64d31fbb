import Foundation
import RefreshTestSupport

/// What one cell's command did, gathered before its folder goes.
struct CellOutcome: Sendable {
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Still running at the hard deadline: its process group was killed.
        case timedOut
        /// The harness itself could not run the cell.
        case harnessFailure(String)
    }

    var arguments: [String] = []
    var ending: Ending = .harnessFailure("not run")
    var seconds: Double = 0
    var stdout = Data()
    var stderr = Data()
    /// Processes the command left running (the keeper found them re-parented to it after the grace).
    var lingering: [String] = []
    /// Processes anywhere whose command line or environment names the cell's folder.
    var leftovers: [String] = []
    /// Processes in which the fixture reached its entry point (its marks).
    var firedIn: [String] = []
    /// Anything else in the fixture's mark folder: output a host wrote after the plugin's chdir.
    var strays: [String] = []
    /// The plugin folder after the command, and the output folder (recursively, with sizes).
    var pluginFolder: [String] = []
    var outFolder: [String: Int] = [:]
    /// render: out.gif after the command; the bytes it held before.
    var renderFile: Data?
    static let previousRender = Data("a render from before: a failed render must leave this byte for byte\n".utf8)
    /// gallery: index.html, if written.
    var galleryPage: String?

    var fired: Bool { !firedIn.isEmpty }
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrLines: [String] {
        String(decoding: stderr, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}

extension HostileBuild {
    /// Runs one cell: a fresh folder with the bad file alone in `plugins/`, the
    /// real CLI under the keeper (own process group, hard deadline, a
    /// subreaper that reports what is left), HOME and XDG_CACHE_HOME in the
    /// cell's folder so no cache crosses cells, and stdin a pipe that stays
    /// open and silent (a plugin that reads it blocks, as on a terminal).
    func run(_ cell: MatrixCell) -> CellOutcome {
        var outcome = CellOutcome()
        let item = cell.hostileCase
        let fm = FileManager.default
        let folder = root + "/cells/" + cell.name.replacingOccurrences(of: " ", with: "_")
            .replacingOccurrences(of: "/", with: "_")
        let plugins = folder + "/plugins", out = folder + "/out"
        defer {
            if ProcessInfo.processInfo.environment["REFRESH_HOST_MATRIX_KEEP"] != "1" { try? fm.removeItem(atPath: folder) }
        }
        do {
            for sub in [plugins, out, folder + "/home", folder + "/cache"] {
                try fm.createDirectory(atPath: sub, withIntermediateDirectories: true)
            }
            try place(item, in: plugins)
            // Cells of one case run one after the other: the marks are this cell's.
            let marks = markDirectory(item)
            try? fm.removeItem(atPath: marks)
            try fm.createDirectory(atPath: marks, withIntermediateDirectories: true)
            if cell.command == .render || cell.command == .renderYelp {
                try CellOutcome.previousRender.write(to: URL(fileURLWithPath: out + "/out.gif"))
            }

            let (executable, arguments) = commandLine(cell, plugins: plugins)
            outcome.arguments = [executable] + arguments
            try keep(executable, arguments, cell: cell, folder: folder, directory: out, into: &outcome)

            outcome.leftovers = Self.processesNaming(folder + "/")
            outcome.firedIn = (try? fm.contentsOfDirectory(atPath: marks))?.filter { Self.isMark($0, of: item) }.sorted() ?? []
            outcome.strays = (try? fm.contentsOfDirectory(atPath: marks))?.filter { !Self.isMark($0, of: item) }.sorted() ?? []
            outcome.pluginFolder = ((try? fm.contentsOfDirectory(atPath: plugins)) ?? []).sorted()
            outcome.outFolder = Self.files(under: out)
            if cell.command == .render || cell.command == .renderYelp {
                outcome.renderFile = fm.contents(atPath: out + "/out.gif")
            }
            if cell.command == .gallery {
                outcome.galleryPage = (try? String(contentsOfFile: out + "/gallery/index.html", encoding: .utf8))
            }
        } catch {
            outcome.ending = .harnessFailure("\(error)")
        }
        return outcome
    }

    /// The command a cell runs, with the short budgets.
    func commandLine(_ cell: MatrixCell, plugins: String) -> (String, [String]) {
        let item = cell.hostileCase
        let path = ["--plugin-path", plugins]
        let yelp = "com.refreshhost.yelp"
        // Small frames: the cells are about surviving a plugin, not about pixels
        // (tall enough for the default pull, 1.5 x yelp's 100 pt header).
        let frames = ["--fps", "10", "--scale", "1", "--size", "120x160"]
        let bad = item.styleID ?? "none"
        switch cell.command {
        case .list: return (TestPaths.cli, ["list"] + path + BudgetOptions.scan)
        case .listJSON: return (TestPaths.cli, ["list", "--json"] + path + BudgetOptions.scan)
        case .info: return (TestPaths.cli, ["info", yelp, "--json"] + path + BudgetOptions.scan)
        case .run: return (TestPaths.cli, ["run", bad, "--no-live"] + path + BudgetOptions.scan + BudgetOptions.budget)
        case .runYelp: return (TestPaths.cli, ["run", yelp, "--no-live"] + path + BudgetOptions.scan + BudgetOptions.budget)
        case .render:
            return (TestPaths.cli, ["render", bad, "--out", "out.gif"] + frames + path + BudgetOptions.scan
                    + BudgetOptions.budget)
        case .renderYelp:
            return (TestPaths.cli, ["render", yelp, "--out", "out.gif"] + frames + path + BudgetOptions.scan
                    + BudgetOptions.budget)
        case .gallery:
            return (smallCLI, ["gallery", "--out", "gallery", "--no-validate"] + frames + path + BudgetOptions.scan
                    + BudgetOptions.budget)
        case .validate:
            return (TestPaths.cli, ["validate", plugins + "/" + item.fileName, "--only", "loading.dlopen,loading.entry-table,lifecycle.order",
                                    "--json"] + BudgetOptions.validateTimeout + BudgetOptions.scan)
        }
    }

    /// Runs the command under cell_runner and reads what it left.
    private func keep(_ executable: String, _ arguments: [String], cell: MatrixCell, folder: String, directory: String,
                      into outcome: inout CellOutcome) throws {
        let report = folder + "/report", stdoutPath = folder + "/stdout", stderrPath = folder + "/stderr"
        let fm = FileManager.default
        for file in [stdoutPath, stderrPath] { _ = fm.createFile(atPath: file, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments = [String(cell.command.hardDeadline), "0.5", report, "--", executable] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder + "/home", "XDG_CACHE_HOME": folder + "/cache",
            "LANG": "C.UTF-8", "REFRESH_HOST_HOSTILE_CELL": folder + "/",
        ]
        // Files, not pipes: a child a plugin forked keeps them open, and must not keep the harness waiting.
        guard let stdoutFile = FileHandle(forWritingAtPath: stdoutPath),
              let stderrFile = FileHandle(forWritingAtPath: stderrPath) else {
            throw FixtureError(message: "cannot open \(stdoutPath)")
        }
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdoutFile
        process.standardError = stderrFile
        try process.run()
        // The keeper ends by itself (deadline, then 0.5 s of grace, then at most
        // 10 s of killing); this is only in case the keeper itself hangs.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + cell.command.hardDeadline + 20, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        try? stdin.fileHandleForWriting.close()
        try? stdoutFile.close()
        try? stderrFile.close()

        outcome.stdout = fm.contents(atPath: stdoutPath) ?? Data()
        outcome.stderr = fm.contents(atPath: stderrPath) ?? Data()
        let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        outcome.ending = .harnessFailure("cell_runner wrote no report (exit \(process.terminationStatus))")
        for line in lines {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch words.first {
            case "exit": outcome.ending = .exited(Int32(words.last ?? "") ?? -1)
            case "signal": outcome.ending = .signalled(Int32(words.last ?? "") ?? -1)
            case "timeout": outcome.ending = .timedOut
            case "seconds": outcome.seconds = Double(words.last ?? "") ?? 0
            case "lingering": outcome.lingering.append(words.last ?? "")
            default: break
            }
        }
    }

    /// "<at>.<pid>": a mark the fixture made.
    static func isMark(_ name: String, of item: HostileCase) -> Bool {
        guard let at = item.entryPoint, name.hasPrefix(at.rawValue + ".") else { return false }
        return name.dropFirst(at.rawValue.count + 1).allSatisfy(\.isNumber)
    }

    /// Live processes whose command line or environment mentions `token`
    /// (a cell's folder: its CLI, workers and anything they forked carry it),
    /// other than this test process. With `andKill`, each is killed once
    /// found, so a failing cell cannot leave a burner behind.
    static func processesNaming(_ token: String, andKill: Bool = true, except: Set<Int32> = []) -> [String] {
        var found: [String] = []
        let me = getpid()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != me, !except.contains(pid) else { continue }
            let cmdline = readProcFile("/proc/\(entry)/cmdline")
            let environ = readProcFile("/proc/\(entry)/environ")
            let needle = Data(token.utf8)
            guard cmdline.range(of: needle) != nil || environ.range(of: needle) != nil else { continue }
            // A zombie is gone already; only its parent has not reaped it.
            if let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")"),
               stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z") { continue }
            let text = String(decoding: cmdline.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            found.append("\(pid) \(text.prefix(160))")
            if andKill { kill(pid, SIGKILL) }
        }
        return found
    }

    /// A /proc file's bytes, or none. POSIX reads: the process may end while
    /// it is read (ESRCH), and FileHandle.readDataToEndOfFile traps on that.
    static func readProcFile(_ path: String) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return Data() }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return data }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// Regular files and folders under `folder`, relative, with sizes (-1 for a folder).
    static func files(under folder: String) -> [String: Int] {
        var result: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + relative)
            let isFolder = (attributes?[.type] as? FileAttributeType) == .typeDirectory
            result[relative] = isFolder ? -1 : (attributes?[.size] as? Int) ?? 0
        }
        return result
    }
}
