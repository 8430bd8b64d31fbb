import RefreshTestSupport
@testable import RefreshValidation
import RefreshWorker
import Testing

/// The check job of the worker protocol: its request and replies on the wire, and a real worker.
@Suite struct CheckProtocolTests {
    static let options = ValidationOptions(path: "/p/libY.so", style: "wave", strictness: 4, seed: 42, only: nil)

    @Test("every request and reply survives the wire, newlines and backslashes included")
    func roundTrip() throws {
        for request in [CheckRequest(.run("loading.dlopen"), options: Self.options),
                        CheckRequest(.listStyles, options: ValidationOptions(path: "/a b", style: nil, strictness: 0, seed: 0, only: nil))] {
            var r = WireReader(request.encoded().bytes)
            #expect(try WorkerHead.decode(&r) == .open(job: WorkerJob.check.rawValue, version: WorkerProtocol.version))
            #expect(try CheckRequest(reading: &r) == request)
        }
        let replies: [CheckReply] = [
            .outcome(.passed("ok")), .outcome(.warning("slow\\nish")), .outcome(.skipped("level 6")),
            .outcome(.failed(expected: "a\nb", actual: "c\\d=e", gesture: "seed 1, round 2: down, up")),
            .styles([.init(id: "com.x.wave", shortName: "wave"), .init(id: "com.x.é", shortName: "é")]), .styles([]),
            .failed(.request, "no check x"), .failed(.load, "the library does not load"),
        ]
        for reply in replies {
            #expect(try CheckReply(decoding: reply.encoded().bytes) == reply)
            #expect(CheckReply.read(WorkerProtocol.hello().framed + reply.encoded().framed) == reply)
        }
    }

    @Test("text past the reply's limit is cut to it, never a reply the supervisor refuses")
    func longText() throws {
        let long = String(repeating: "ab\u{e9}", count: CheckReply.maxText / 3)
        let reply = CheckReply.outcome(.failed(expected: "x", actual: long, gesture: long))
        guard case let .outcome(.failed(_, actual, gesture)) = try CheckReply(decoding: reply.encoded().bytes) else {
            Issue.record("not a failure")
            return
        }
        #expect(actual.utf8.count <= CheckReply.maxText && long.hasPrefix(actual) && actual.count > 1000 && gesture == actual)
    }

    @Test("a reply cut short (the child died writing it), without its hello, or garbled is no result")
    func refusals() throws {
        let hello = WorkerProtocol.hello().framed
        let stream = hello + CheckReply.outcome(.failed(expected: "x", actual: "y")).encoded().framed
        for length in 0..<stream.count { #expect(CheckReply.read(Array(stream[0..<length])) == nil) }
        #expect(CheckReply.read(Array(stream[hello.count...])) == nil, "no hello")
        #expect(CheckReply.read(stream + stream[hello.count...]) == nil, "two replies")
        let bytes = CheckReply.outcome(.passed("ok")).encoded().bytes
        for length in 0..<bytes.count { #expect(throws: WireError.self) { try CheckReply(decoding: Array(bytes[0..<length])) } }
        #expect(throws: WireError.self) { try CheckReply(decoding: bytes + [0]) }
        var badStatus = bytes
        badStatus[5] = 9
        #expect(throws: WireError.self) { try CheckReply(decoding: badStatus) }
        // A string length that lies: longer than the message.
        var lying = bytes
        lying[6] = 0xFF
        #expect(throws: WireError.self) { try CheckReply(decoding: lying) }
        var magic = bytes
        magic[0] ^= 0x20
        #expect(throws: WireError.self) { try CheckReply(decoding: magic) }
        // Flipped bytes: an error or a reply, never a crash (the plugin shared the worker's memory).
        var generator = SplitMix64(seed: 5)
        let failure = CheckReply.outcome(.failed(expected: "x", actual: "y", gesture: "z")).encoded().bytes
        var errors = 0
        for _ in 0..<2000 {
            var copy = failure
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if (try? CheckReply(decoding: copy)) == nil { errors += 1 }
        }
        #expect(errors > 1000)
        // A request that claims an absurd strictness, or carries stray bytes.
        var request = CheckRequest(.run("a"), options: Self.options).encoded().bytes
        var r = WireReader(request + [1])
        _ = try WorkerHead.decode(&r)
        #expect(throws: WireError.self) { try CheckRequest(reading: &r) }
        request[request.count - 9] = 0x7F
        r = WireReader(request)
        _ = try WorkerHead.decode(&r)
        #expect(throws: WireError.self) { try CheckRequest(reading: &r) }
    }

    @Test("a real worker runs one check and lists the styles; an unknown check is refused, typed")
    func realWorker() throws {
        var runner = ChildRunner(executable: TestPaths.cli, deadline: 60)
        let options = ValidationOptions(path: TestPaths.bundledPlugin("libYahooStyle.so"), style: nil, strictness: 5, seed: 1,
                                        only: nil)
        guard case .result(.passed) = runner.run(try #require(Catalogue.check("loading.dlopen")), options: options) else {
            Issue.record("loading.dlopen did not pass in a worker")
            return
        }
        #expect(runner.styleNames(options: options) == ["com.refreshhost.yahoo", "yahoo"])
        let unknown = Check("no.such-check", .loading, level: 1, "none") { _ in .passed("") }
        guard case let .refused(why) = runner.run(unknown, options: options) else {
            Issue.record("an unknown check was not refused")
            return
        }
        #expect(why == "no check no.such-check")
    }
}
