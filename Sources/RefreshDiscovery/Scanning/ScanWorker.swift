import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The scanner child's side (`refresh-host scan-worker FILE`): loads one
/// plugin file in this throw-away process, reads its descriptors, calls its
/// deinit, and writes what it learned to descriptor 3 as `RecordFormat`
/// lines: `ready=` before it loads anything, then the outcome and `end=`.
/// Whatever the plugin does to this process (crash, hang, print, exit) the
/// supervising `Scanner` sees and reports.
public enum ScanWorker {
    /// The descriptor the reply is written to; the parent's pipe is there.
    public static let replyDescriptor: Int32 = 3

    /// Scans `path`; the process's exit status (0, or 2 when there is no reply pipe).
    public static func run(path: String) -> Int32 {
        // Off descriptor 3 and close-on-exec before plugin code runs, so a plugin
        // writing to "its" descriptor 3 cannot garble the reply by accident.
        let reply = fcntl(replyDescriptor, F_DUPFD_CLOEXEC, 64)
        guard reply >= 0 else { return 2 }
        close(replyDescriptor)
        // The parent's deadline starts here, so the host's own start-up is not counted against the plugin.
        guard send(RecordFormat.encode([("ready", "")]), to: reply) else { return 2 }
        let outcome = scan(path)
        guard send(RecordFormat.encode(OutcomeCodec.fields(outcome) + [("end", "")]), to: reply) else { return 2 }
        close(reply)
        return 0
    }

    private static func send(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
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
