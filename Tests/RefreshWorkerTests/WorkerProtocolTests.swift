import RefreshTestSupport
@testable import RefreshWorker
import Testing

/// The generic part of the worker protocol: heads, the handshake and typed failures, on the wire and against
/// the real `refresh-host worker`.
@Suite struct WorkerProtocolTests {
    func head(_ bytes: [UInt8]) throws -> WorkerHead {
        var r = WireReader(bytes)
        return try WorkerHead.decode(&r)
    }

    @Test("every head survives the wire; a job's fields follow its tag")
    func roundTrip() throws {
        for job in WorkerJob.allCases {
            var open = WorkerProtocol.open(job)
            open.string("request")
            var r = WireReader(open.bytes)
            #expect(try WorkerHead.decode(&r) == .open(job: job.rawValue, version: WorkerProtocol.version))
            #expect(try r.string(max: 16) == "request" && r.isAtEnd)
        }
        #expect(try head(WorkerProtocol.hello().bytes) == .hello(version: WorkerProtocol.version))
        #expect(try head(WorkerProtocol.refused("no\njob é").bytes) == .refused("no\njob é"))
        #expect(try head(WorkerProtocol.failed(kind: 7, "it broke").bytes) == .failed(kind: 7, line: "it broke"))
        var message = WorkerProtocol.message(0xEF)
        message.u32(5)
        var r = WireReader(message.bytes)
        #expect(try WorkerHead.decode(&r) == .job(tag: 0xEF))
        #expect(try r.u32() == 5)
        let long = String(repeating: "é", count: WorkerProtocol.maxLine)
        guard case let .refused(clipped) = try head(WorkerProtocol.refused(long).bytes) else { Issue.record("not a refusal"); return }
        #expect(clipped.utf8.count <= WorkerProtocol.maxLine && long.hasPrefix(clipped) && !clipped.isEmpty)
    }

    @Test("truncations, a bad magic, an unknown generic tag, stray bytes and a length that lies are refused")
    func refusals() throws {
        for message in [WorkerProtocol.open(.scan), WorkerProtocol.hello(), WorkerProtocol.refused("why"),
                        WorkerProtocol.failed(kind: 1, "line")] {
            let bytes = message.bytes
            for length in 0..<bytes.count { #expect(throws: WireError.self) { try head(Array(bytes[0..<length])) } }
            var magic = bytes
            magic[3] = 0
            let error = #expect(throws: WireError.self) { try head(magic) }
            #expect(error?.description.contains("bad magic") == true)
        }
        for generic in [WorkerProtocol.hello(), WorkerProtocol.refused("why"), WorkerProtocol.failed(kind: 1, "line")] {
            #expect(throws: WireError.self) { try head(generic.bytes + [0]) }
        }
        var unknown = WorkerProtocol.hello().bytes
        unknown[4] = 0xF9
        #expect(throws: WireError.self) { try head(unknown) }
        var lying = WorkerProtocol.refused("why").bytes
        lying[5] = 200  // the line's length, past the message's end
        #expect(throws: WireError.self) { try head(lying) }
        lying[8] = 0x7F  // and over the cap
        #expect(throws: WireError.self) { try head(lying) }
        #expect(throws: WireError.self) { try head([0x52, 0x48, 0x53]) }
    }

    @Test("the handshake: the worker refuses another version, an unknown job and anything but an open")
    func workerSide() throws {
        #expect(try head(WorkerProtocol.open(.check).bytes).job() == .success(.check))
        var other = WireWriter()
        other.u32(WorkerProtocol.magic); other.u8(0xF0); other.u32(WorkerProtocol.version + 1); other.u8(1)
        #expect(try head(other.bytes).job()
            == .failure(WorkerRefusal("the supervisor speaks worker protocol \(WorkerProtocol.version + 1); this worker speaks \(WorkerProtocol.version)")))
        var job = WorkerProtocol.open(.scan).bytes
        job[9] = 9
        #expect(try head(job).job() == .failure(WorkerRefusal("this worker has no job 9")))
        #expect(try head(WorkerProtocol.hello().bytes).job() == .failure(WorkerRefusal("the first message must open a job")))
    }

    @Test("the supervisor's side: a hello at this version, else a typed refusal or a malformed stream")
    func supervisorSide() {
        let hello = WorkerProtocol.hello()
        #expect(WorkerHandshake.accept(hello.bytes) == nil)
        var other = WireWriter()
        other.u32(WorkerProtocol.magic); other.u8(0xF1); other.u32(1)
        #expect(WorkerHandshake.accept(other.bytes) == .refused("it speaks worker protocol 1, not \(WorkerProtocol.version)"))
        #expect(WorkerHandshake.accept(WorkerProtocol.refused("no").bytes) == .refused("no"))
        #expect(WorkerHandshake.accept(WorkerProtocol.message(1).bytes) == .malformed("a message before the worker's hello"))
        guard case .malformed? = WorkerHandshake.accept([1, 2, 3, 4, 5]) else { Issue.record("garbage accepted"); return }
        let reply = WorkerProtocol.message(1).framed
        #expect(WorkerHandshake.messages(hello.framed + reply + reply) == .success([[0x52, 0x48, 0x53, 0x57, 1], [0x52, 0x48, 0x53, 0x57, 1]]))
        #expect(WorkerHandshake.messages(reply) == .failure(.malformed("a message before the worker's hello")))
        #expect(WorkerHandshake.messages(hello.framed + reply.dropLast()) == .failure(.malformed("the stream ends inside a message")))
        #expect(WorkerHandshake.messages([]) == .failure(.malformed("no hello")))
    }

    /// The real worker's first reply to `open`, and how it ended.
    func firstReply(_ open: [UInt8]) -> (WorkerHead?, ChildProcess.Ending) {
        let child = ChildProcess.run(TestPaths.cli, [WorkerProtocol.command], deadline: 30, capture: 3,
                                     input: MessageFramerTestSupport.framed(open))
        var framer = MessageFramer()
        framer.append(child.bytes[...])
        guard let first = try? framer.next() else { return (nil, child.ending) }
        var r = WireReader(first)
        return (try? WorkerHead.decode(&r), child.ending)
    }

    @Test("the real `refresh-host worker` refuses, typed, what it does not speak, and says hello to what it does")
    func realWorker() {
        var other = WireWriter()
        other.u32(WorkerProtocol.magic); other.u8(0xF0); other.u32(WorkerProtocol.version + 1); other.u8(2)
        let (refusal, ending) = firstReply(other.bytes)
        #expect(refusal == .refused("the supervisor speaks worker protocol \(WorkerProtocol.version + 1); this worker speaks \(WorkerProtocol.version)"))
        #expect(ending == .exited(2))
        var job = WorkerProtocol.open(.scan).bytes
        job[9] = 9
        #expect(firstReply(job).0 == .refused("this worker has no job 9"))
        guard case .refused? = firstReply([1, 2, 3]).0 else { Issue.record("garbage was not refused"); return }
        // A scan of no files: hello, nothing else, a clean exit.
        var none = WorkerProtocol.open(.scan)
        none.u32(0)  // no CPU budget per file
        none.u32(0)  // no files
        let child = ChildProcess.run(TestPaths.cli, [WorkerProtocol.command], deadline: 30, capture: 3,
                                     input: none.framed)
        #expect(child.ending == .exited(0))
        #expect(WorkerHandshake.messages(child.bytes) == .success([]))
        // Not started by a supervisor: it will not run at all.
        let alone = try? runProcess(TestPaths.cli, [WorkerProtocol.command])
        #expect(alone?.status == 2 && alone?.stderr.contains("is for the worker processes") == true, "\(String(describing: alone))")
    }
}

/// A payload with its length prefix, as `WireWriter.framed` makes it.
enum MessageFramerTestSupport {
    static func framed(_ payload: [UInt8]) -> [UInt8] {
        var w = WireWriter()
        w.raw(payload)
        return w.framed
    }
}
