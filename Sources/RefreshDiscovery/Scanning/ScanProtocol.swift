import RefreshWorker

/// The scan job of the worker protocol: the supervisor (`Scanner`) opens it
/// with the plugin files to load; after its hello the worker answers one
/// `ScanReply.outcome` per file, in order, and exits. A request it cannot
/// read is `failed` with `ScanReply.requestFailure`. Several files per child
/// need no change here; the scanner sends one today.
struct ScanRequest: Equatable {
    /// Resolved paths of files the gate let through.
    var paths: [String]

    static let maxFiles = 4096
    static let maxPath = 4096

    func encoded() -> WireWriter {
        var w = WorkerProtocol.open(.scan)
        w.u32(UInt32(paths.count))
        for path in paths { w.string(path) }
        return w
    }

    /// The request's fields, the reader past the open's head.
    init(reading r: inout WireReader) throws(WireError) {
        let count = try r.count(max: Self.maxFiles, of: "files to scan")
        var paths: [String] = []
        for _ in 0..<count { paths.append(try r.string(max: Self.maxPath)) }
        guard r.isAtEnd else { throw WireError("stray bytes after the scan request") }
        self.paths = paths
    }

    init(paths: [String]) { self.paths = paths }
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
