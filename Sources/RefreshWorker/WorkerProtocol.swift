/// The framing every worker job shares, supervisor and worker alike: a
/// message is `MessageFramer`'s length prefix, then `magic`, then a tag.
/// The tags from `firstGenericTag` up are this layer's (the handshake and a
/// typed failure); the ones below are the job's own messages, which each
/// job (session, scan, check) defines on top.
///
/// The handshake: the supervisor's first message is `open` (its version,
/// the job, then the job's request in the same message); the worker's first
/// reply is `hello` with its version, or `refused` with why (a version or a
/// job it does not speak, an open it cannot read). After that the job's
/// messages flow; `failed` (a kind the job defines, one line) ends a job
/// that cannot go on in a way it can describe.
public enum WorkerProtocol {
    /// "RHSW" in the first four bytes of every message.
    public static let magic: UInt32 = 0x5753_4852
    /// Bumped when either end changes what it sends; both ends must agree.
    public static let version: UInt32 = 3
    /// The one hidden subcommand that serves every job (`refresh-host worker`).
    public static let command = "worker"
    /// The longest line a refusal or a failure carries.
    public static let maxLine = 1 << 16

    static let firstGenericTag: UInt8 = 0xF0
    static let openTag: UInt8 = 0xF0
    static let helloTag: UInt8 = 0xF1
    static let refusedTag: UInt8 = 0xF2
    static let failedTag: UInt8 = 0xF3

    /// The supervisor's first message; the job's request is appended to it.
    public static func open(_ job: WorkerJob) -> WireWriter {
        var w = head(openTag)
        w.u32(version)
        w.u8(job.rawValue)
        return w
    }

    /// A message of the job's own, tagged `tag` (below the generic tags); its fields are appended.
    public static func message(_ tag: UInt8) -> WireWriter {
        precondition(tag < firstGenericTag, "tags from \(firstGenericTag) up are the worker protocol's")
        return head(tag)
    }

    public static func hello() -> WireWriter {
        var w = head(helloTag)
        w.u32(version)
        return w
    }

    public static func refused(_ why: String) -> WireWriter {
        var w = head(refusedTag)
        w.string(clipped(why))
        return w
    }

    public static func failed(kind: UInt8, _ line: String) -> WireWriter {
        var w = head(failedTag)
        w.u8(kind)
        w.string(clipped(line))
        return w
    }

    private static func head(_ tag: UInt8) -> WireWriter {
        var w = WireWriter()
        w.u32(magic)
        w.u8(tag)
        return w
    }

    /// At most `limit` bytes of UTF-8, cut on a character boundary: what a reader capped at `limit` accepts.
    public static func clipped(_ line: String, max limit: Int = maxLine) -> String {
        guard line.utf8.count > limit else { return line }
        var out = ""
        var bytes = 0
        for ch in line {
            bytes += ch.utf8.count
            if bytes > limit { break }
            out.append(ch)
        }
        return out
    }
}
