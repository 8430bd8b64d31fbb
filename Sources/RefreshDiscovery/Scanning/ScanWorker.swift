import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The scanner child's side (`refresh-host worker`, the scan job): loads
/// each requested plugin file in this throw-away process, reads its
/// descriptors, calls its deinit, and answers one typed outcome per file,
/// each as soon as it has it: when a plugin kills the process mid-batch, the
/// supervisor knows which file was loading.
/// The worker's hello went before anything was loaded (the supervisor's
/// deadline starts there). Whatever a plugin does to this process (crash,
/// hang, print, exit) the supervising `Scanner` sees and reports.
public enum ScanWorker {
    public static func serve(request: inout WireReader, channel: WorkerChannel) -> Never {
        // Off descriptors 3 and 4, close-on-exec, before plugin code runs, so a plugin
        // writing to "its" descriptor 3 cannot garble the reply by accident.
        channel.moveAside()
        let scanRequest: ScanRequest
        do {
            scanRequest = try ScanRequest(reading: &request)
        } catch {
            channel.send(WorkerProtocol.failed(kind: ScanReply.requestFailure, "the scan request does not read: \(error)"))
            exit(2)
        }
        for (index, path) in scanRequest.paths.enumerated() {
            limitCPU(to: scanRequest.cpuSeconds)
            channel.send(ScanReply.outcome(index: index, scan(path)).encoded())
        }
        exit(0)
    }

    /// Sets the soft CPU limit `seconds` past what this process has used so far (0: leave it):
    /// a busy plugin gets SIGXCPU after its own budget, whatever the files before it took.
    /// The hard limit (the supervisor's, for the whole batch) stays as it is.
    static func limitCPU(to seconds: Int) {
        guard seconds > 0 else { return }
        var usage = rusage()
        var limit = rlimit()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0, getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit) == 0 else { return }
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1  // whole seconds, rounded up
        limit.rlim_cur = min(rlim_t(used + seconds), limit.rlim_max)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
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
