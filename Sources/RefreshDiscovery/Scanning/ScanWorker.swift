import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The scanner child's side (`refresh-host worker`, the scan job): loads
/// each requested plugin file in this throw-away process, reads its
/// descriptors, calls its deinit, and answers one typed outcome per file.
/// The worker's hello went before anything was loaded (the supervisor's
/// deadline starts there). Whatever a plugin does to this process (crash,
/// hang, print, exit) the supervising `Scanner` sees and reports.
public enum ScanWorker {
    public static func serve(request: inout WireReader, channel: WorkerChannel) -> Never {
        // Off descriptors 3 and 4, close-on-exec, before plugin code runs, so a plugin
        // writing to "its" descriptor 3 cannot garble the reply by accident.
        channel.moveAside()
        let paths: [String]
        do {
            paths = try ScanRequest(reading: &request).paths
        } catch {
            channel.send(WorkerProtocol.failed(kind: ScanReply.requestFailure, "the scan request does not read: \(error)"))
            exit(2)
        }
        for (index, path) in paths.enumerated() {
            channel.send(ScanReply.outcome(index: index, scan(path)).encoded())
        }
        exit(0)
    }

    /// Loads `path` in this process: what `list` would have learned by loading it itself.
    static func scan(_ path: String) -> ScanOutcome {
        let library: PluginLibrary
        do {
            library = try PluginLibrary(path: path, dispatcher: PluginDispatcher())
        } catch {
            if case let .refused(why) = error.reason { return .refused(why) }
            return .rejected(error.reasonText)
        }
        let styles: [ScanOutcome.Style] = library.styles.map {
            switch $0 {
            case let .success(d): .descriptor(d)
            case let .failure(error): .rejected(error.message)
            }
        }
        // As a registry closes: a deinit that crashes or hangs is the plugin's to answer for.
        library.deinitialize()
        // Identities taken after the plugin read its files: a later change is seen by the next command.
        return .loaded(abi: library.abiVersion, styles: styles, data: library.dataPaths.map(DataFile.current))
    }
}
