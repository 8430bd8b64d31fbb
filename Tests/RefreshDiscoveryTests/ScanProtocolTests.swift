@testable import RefreshDiscovery
import RefreshPluginRuntime
import RefreshTestSupport
import RefreshWorker
import Testing

/// The scan job of the worker protocol: its request and replies on the wire, and real scanner children.
@Suite struct ScanProtocolTests {
    /// A loaded outcome with every part set: data files with and without an identity, a rejected style, a descriptor.
    static func loaded() throws -> ScanOutcome {
        let registry = TestPaths.loadBundledPlugins().registry
        let descriptors = registry.styles.compactMap(\.descriptor)
        #expect(descriptors.count == TestPaths.bundledStyleCount)
        let identity = FileIdentity(device: 1, inode: 2, size: -3, mtimeSeconds: 4, mtimeNanoseconds: 5)
        return .loaded(abi: ABIVersion(major: 1, minor: 4, patch: 0),
                       styles: descriptors.map { .descriptor($0) } + [.rejected("style 3: no id\nat all")],
                       data: [DataFile(path: "/a b", identity: identity), DataFile(path: "/gone", identity: nil)])
    }

    @Test("a request for several files and every outcome survive the wire")
    func roundTrip() throws {
        let request = ScanRequest(paths: ["/p/libA.so", "/p/é b/libB.so", ""], cpuSeconds: 3)
        var r = WireReader(request.encoded().bytes)
        #expect(try WorkerHead.decode(&r) == .open(job: WorkerJob.scan.rawValue, version: WorkerProtocol.version))
        #expect(try ScanRequest(reading: &r) == request)
        for (index, outcome) in [try Self.loaded(), .loaded(abi: ABIVersion(major: 1, minor: 0, patch: 0), styles: []),
                                 .refused("not an ELF shared object"), .rejected("init() returned false")].enumerated() {
            let reply = ScanReply.outcome(index: index, outcome)
            var r = WireReader(reply.encoded().bytes)
            guard case let .job(tag) = try WorkerHead.decode(&r) else { Issue.record("not a job message"); continue }
            #expect(try ScanReply(tag: tag, reading: &r) == reply)
        }
    }

    func decode(_ bytes: [UInt8]) throws -> ScanReply {
        var r = WireReader(bytes)
        guard case let .job(tag) = try WorkerHead.decode(&r) else { throw WireError("not a job message") }
        return try ScanReply(tag: tag, reading: &r)
    }

    @Test("a request cut short, with a stray byte, or over its caps does not read")
    func requestRefusals() throws {
        let bytes = ScanRequest(paths: ["/p/libA.so", "/p/libB.so"], cpuSeconds: 3).encoded().bytes
        func read(_ bytes: [UInt8]) throws -> ScanRequest {
            var r = WireReader(bytes)
            _ = try WorkerHead.decode(&r)
            return try ScanRequest(reading: &r)
        }
        #expect(try read(bytes) == ScanRequest(paths: ["/p/libA.so", "/p/libB.so"], cpuSeconds: 3))
        // Past the open's head (magic, tag, version, job): the CPU seconds, then the file count.
        let head = 4 + 1 + 4 + 1
        for length in 0..<bytes.count where length >= head {
            #expect(throws: WireError.self) { try read(Array(bytes[0..<length])) }
        }
        #expect(throws: WireError.self) { try read(bytes + [0]) }
        for offset in [head + 3, head + 7] {
            var lie = bytes
            lie[offset] = 0x7F  // a CPU budget, a file count over its cap
            #expect(throws: WireError.self) { try read(lie) }
        }
    }

    @Test("truncations, a bad magic, a lying count or length, a worker's quarantine and garbage are refused")
    func refusals() throws {
        let bytes = ScanReply.outcome(index: 0, try Self.loaded()).encoded().bytes
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: WireError.self) { try decode(Array(bytes[0..<length])) }
        }
        #expect(throws: WireError.self) { try decode(bytes + [0]) }
        var magic = bytes
        magic[0] ^= 1
        #expect(throws: WireError.self) { try decode(magic) }
        // After the magic, the tag, the index, the kind and the ABI: the data files' count.
        for (offset, value) in [(22, 0xFF), (25, 0x7F), (26, 0xFF), (29, 0x7F)] as [(Int, UInt8)] {
            // Over the cap, or under it and longer than the message: the data files' count, the first one's path length.
            var lie = bytes
            lie[offset] = value
            #expect(throws: WireError.self) { try decode(lie) }
        }
        #expect(throws: WireError.self) { try decode(ScanReply.outcome(index: 0, .quarantined("x")).encoded().bytes) }
        var state: UInt64 = 11
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 29
        }
        var errors = 0
        for _ in 0..<2000 {
            var copy = bytes
            for _ in 0..<(1 + Int(next() % 4)) {
                copy[Int(next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: next())
            }
            if (try? decode(copy)) == nil { errors += 1 }
        }
        #expect(errors > 500)
    }

    @Test("real children: a bundled plugin's outcome is what loading it here learns; a crashing one is quarantined")
    func realChildren() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let crashing = try Fixture.build("ctor_abort", into: dir.path)
        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        let results = Scanner(executable: TestPaths.cli, deadline: 10).scan([yahoo, crashing])
        #expect(try results[0].get() == ScanWorker.scan(yahoo))
        #expect(try results[1].get() == .quarantined("crashed the scanner with SIGABRT in the library's constructors"))
    }

    @Test("a worker of another protocol version is refused, typed, before any plugin code runs")
    func versions() {
        var hello = WireWriter()
        hello.u32(WorkerProtocol.magic)
        hello.u8(0xF1)
        hello.u32(WorkerProtocol.version + 1)
        #expect(WorkerHandshake.accept(hello.bytes) == .refused("it speaks worker protocol \(WorkerProtocol.version + 1), not \(WorkerProtocol.version)"))
    }

    @Test("a scanner child of another protocol version is the host's failure, not the file's: nothing is quarantined")
    func refusedHandshake() {
        var hello = WireWriter()
        hello.u32(WorkerProtocol.magic)
        hello.u8(0xF1)
        hello.u32(WorkerProtocol.version + 1)
        let octal = hello.framed.map { "\\" + String($0, radix: 8) }.joined()
        var scanner = Scanner(executable: "/bin/sh", deadline: 10)
        scanner.arguments = ["-c", "printf '\(octal)' >&3"]
        let results = scanner.scan([TestPaths.bundledPlugin("libYahooStyle.so")])
        let why = "it speaks worker protocol \(WorkerProtocol.version + 1), not \(WorkerProtocol.version)"
        #expect(results == [.failure(Scanner.Failure(reason: "the scanner refused its request (\(why))"))])
    }
}
