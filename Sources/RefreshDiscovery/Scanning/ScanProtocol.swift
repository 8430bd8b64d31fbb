import RefreshWorker

/// The scan job of the worker protocol: the supervisor (`Scanner`) opens it
/// with the plugin files to load; after its hello the worker answers one
/// `ScanReply.outcome` per file, in order, and exits. A request it cannot
/// read is `failed` with `ScanReply.requestFailure`. The scanner sends a
/// batch of files per child; each outcome goes as soon as the worker has it,
/// so a child that dies mid-batch has said which files it finished.
struct ScanRequest: Equatable {
    /// Resolved paths of files the gate let through.
    var paths: [String]
    /// CPU seconds each file may take (0: no limit): the worker sets its soft RLIMIT_CPU
    /// this far above what it has used before each file, so a batch's budget is per file.
    var cpuSeconds: Int = 0

    static let maxFiles = 4096
    static let maxPath = 4096
    static let maxCPUSeconds = 86400

    func encoded() -> WireWriter {
        var w = WorkerProtocol.open(.scan)
        w.u32(UInt32(cpuSeconds))
        w.u32(UInt32(paths.count))
        for path in paths { w.string(path) }
        return w
    }

    /// The request's fields, the reader past the open's head.
    init(reading r: inout WireReader) throws(WireError) {
        let cpuSeconds = try r.count(max: Self.maxCPUSeconds, of: "CPU seconds per file")
        let count = try r.count(max: Self.maxFiles, of: "files to scan")
        var paths: [String] = []
        for _ in 0..<count { paths.append(try r.string(max: Self.maxPath)) }
        guard r.isAtEnd else { throw WireError("stray bytes after the scan request") }
        self.paths = paths
        self.cpuSeconds = cpuSeconds
    }

    init(paths: [String], cpuSeconds: Int = 0) {
        self.paths = paths
        self.cpuSeconds = cpuSeconds
    }
}

/// What a scan worker sends after its hello.
enum ScanReply: Equatable {
    /// What loading the request's file number `index` taught the worker.
    case outcome(index: Int, ScanOutcome)

    static let outcomeTag: UInt8 = 1
    /// The failure kind of a request the worker could not read (a host bug, never the file's doing).
    static let requestFailure: UInt8 = 1

    func encoded() -> WireWriter {
        switch self {
        case let .outcome(index, outcome):
            var w = WorkerProtocol.message(Self.outcomeTag)
            w.u32(UInt32(index))
            OutcomeWire.encode(outcome, into: &w)
            return w
        }
    }

    /// A job message's fields (the reader past its head), tagged `tag`.
    init(tag: UInt8, reading r: inout WireReader) throws(WireError) {
        guard tag == Self.outcomeTag else { throw WireError("unknown scan message \(tag)") }
        let index = try r.count(max: ScanRequest.maxFiles, of: "a file's number")
        self = .outcome(index: index, try OutcomeWire.decode(&r))
        guard r.isAtEnd else { throw WireError("\(r.remaining) stray byte(s) after a scan outcome") }
    }
}
