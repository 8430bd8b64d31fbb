import Glibc
@testable import RefreshDiscovery
import RefreshHostController
@testable import RefreshSession
import RefreshWorker

/// The committed seed corpora (Tests/Fuzz/<target>/corpus), written by the parsers' own encoders from
/// real traffic: `REFRESH_FUZZ_SEEDS=<folder> REFRESH_FUZZ_PLUGIN=<a bundled .so> REFRESH_FUZZ_STYLE=<id>`
/// writes every target's seeds there (the session's frames come from running that style in this process).
enum FuzzSeeds {
    static func writeAll(to folder: String, plugin: String, style: String) throws {
        func put(_ target: FuzzTarget, _ name: String, _ bytes: [UInt8]) {
            let dir = folder + "/" + target.rawValue
            mkdir(dir, 0o755)
            let fd = open(dir + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        // The head every job shares, and a one-shot worker's output.
        put(.workerWire, "hello-refused", WorkerProtocol.hello().framed + WorkerProtocol.refused("too old").framed)
        put(.workerWire, "open", WorkerProtocol.open(.session).framed)
        put(.workerWire, "failed", WorkerProtocol.hello().framed + WorkerProtocol.failed(kind: 2, "it crashed").framed)

        var settings = SessionSettings()
        settings.isolation = .inProcess
        settings.run.theme = .dark
        settings.parameters = ["speed": "2"]
        let opening = SessionOpen(file: plugin, style: style, settings: settings)
        let commands: [SessionCommand] = [
            .input(.touchDown(x: 10)), .input(.moveFinger(translation: 120, arriving: 0.5, x: nil)), .input(.release),
            .input(.beginRefreshing), .input(.endRefreshing(RefreshResult(.failure, message: "No connection"))),
            .step(1.5), .advance(2, layers: true), .restart, .finish,
        ]
        put(.sessionToWorker, "open-commands", opening.encoded().framed + SessionCommand.encode(commands).framed)

        // A real session's messages, as its worker would send them.
        var plain = settings
        plain.parameters = [:]
        let session = try LocalSession(file: plugin, style: style, settings: plain)
        defer { session.close() }
        let images = ImageWireCache()
        var stream = WorkerProtocol.hello().framed + SessionMessage.opened(session.style).encoded(images: images).framed
        session.send(.touchDown(x: nil))
        session.send(.moveFinger(translation: 150, arriving: 0.4, x: nil))
        for (k, t) in [0.1, 0.3, 0.5].enumerated() {
            if k == 2 { session.send(.release) }
            let frame = try session.advance(to: t, withLayers: true)
            stream += SessionMessage.frame(frame).encoded(images: images).framed
        }
        session.send(.endRefreshing(.success))
        let frame = try session.advance(to: 3, withLayers: true)
        stream += SessionMessage.frame(frame).encoded(images: images).framed
        for event in frame.events.prefix(4) { stream += SessionMessage.event(event).encoded(images: images).framed }
        stream += SessionMessage.problem("a refused value").encoded(images: images).framed
        stream += SessionMessage.finished(try session.finish()).encoded(images: images).framed
        put(.sessionToHost, "session", stream)

        // Both ends of a scan: the worker's request (first byte even), the scanner's outcomes (odd).
        put(.scanWire, "request", [0] + ScanRequest(paths: ["/a/libA.so", plugin], cpuSeconds: 2).encoded().framed)
        let registry = LoadedPlugins(directories: [SearchDirectory(String(plugin[..<plugin.lastIndex(of: "/")!]), .bundled)]).registry
        var replies: [UInt8] = [1]
        for (index, entry) in registry.entries.enumerated() {
            let outcome: ScanOutcome = entry.descriptor.map { .loaded(abi: entry.abiVersion ?? .host, styles: [.descriptor($0)]) }
                ?? .rejected("no descriptor")
            replies += ScanReply.outcome(index: index, outcome).encoded().framed
        }
        replies += ScanReply.outcome(index: 9, .quarantined("crashed (SIGSEGV)")).encoded().framed
        put(.scanWire, "outcomes", replies)
        put(.folderListing, "listing", FolderListingFuzz.seed)
        put(.registryCache, "registry.cache", RegistryCacheFuzz.seed(descriptors: registry.entries.compactMap(\.descriptor)))

        // A plugin file itself, for the gate and the ELF reader.
        let fd = open(plugin, O_RDONLY)
        var info = stat()
        fstat(fd, &info)
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        _ = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        close(fd)
        put(.elf, "plugin.so", bytes)
    }
}
