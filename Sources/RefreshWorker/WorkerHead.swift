/// The start of a message, read: one of the protocol's own (the handshake,
/// a failure), whole, or the tag of the job's message whose fields follow.
public enum WorkerHead: Equatable, Sendable {
    /// The supervisor's first message: its protocol version and the job's
    /// raw number (a worker refuses a job it does not know); the request follows.
    case open(job: UInt8, version: UInt32)
    /// The worker's first reply: the handshake is accepted; its version.
    case hello(version: UInt32)
    /// The worker's first reply when it will not serve the open: why.
    case refused(String)
    /// The job cannot go on: a kind the job defines, and one line.
    case failed(kind: UInt8, line: String)
    /// A job's own message: its tag; the reader is at its fields.
    case job(tag: UInt8)

    /// Reads the magic and the tag; a generic message is read whole (nothing may follow it but an open's request).
    public static func decode(_ r: inout WireReader) throws(WireError) -> WorkerHead {
        guard try r.u32() == WorkerProtocol.magic else { throw WireError("not a worker message (bad magic)") }
        let tag = try r.u8()
        let head: WorkerHead
        switch tag {
        case WorkerProtocol.openTag:
            let version = try r.u32()
            return .open(job: try r.u8(), version: version)
        case WorkerProtocol.helloTag: head = .hello(version: try r.u32())
        case WorkerProtocol.refusedTag: head = .refused(try r.string(max: WorkerProtocol.maxLine))
        case WorkerProtocol.failedTag:
            let kind = try r.u8()
            head = .failed(kind: kind, line: try r.string(max: WorkerProtocol.maxLine))
        case let tag where tag >= WorkerProtocol.firstGenericTag: throw WireError("unknown worker message \(tag)")
        default: return .job(tag: tag)
        }
        guard r.isAtEnd else { throw WireError("\(r.remaining) stray byte(s) after a message") }
        return head
    }

    /// The first message's job, if this worker serves it at the protocol's version; else why not.
    public func job() -> Result<WorkerJob, WorkerRefusal> {
        guard case let .open(raw, version) = self else { return .failure(WorkerRefusal("the first message must open a job")) }
        guard version == WorkerProtocol.version else {
            return .failure(WorkerRefusal("the supervisor speaks worker protocol \(version); this worker speaks \(WorkerProtocol.version)"))
        }
        guard let job = WorkerJob(rawValue: raw) else { return .failure(WorkerRefusal("this worker has no job \(raw)")) }
        return .success(job)
    }
}

/// Why a worker will not serve what it was asked to.
public struct WorkerRefusal: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}
