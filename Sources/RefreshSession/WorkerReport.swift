import RefreshHostController
import RefreshWorker

/// What --verbose says about a session's worker: that it started, how it
/// ended, and what the plugin printed (kept by the connection, never shown
/// otherwise), as lines for the caller's console.
public enum WorkerReport {
    /// The worker that started for `session`, or nil for a session in this process.
    public static func started(_ session: any StyleSession, budget: Double) -> String? {
        guard let worker = session as? WorkerSession else { return nil }
        return "worker \(worker.connection.child.pid) started for \(worker.style.subject), budget \(format(budget, decimals: 1)) s a call"
    }

    /// How `session`'s worker ended and what its plugin printed; none for a session in this
    /// process. The worker ends the instance and exits once its command stream closes.
    public static func ending(_ session: (any StyleSession)?) -> [String] {
        guard let worker = session as? WorkerSession else { return [] }
        worker.connection.closeCommands()
        return ending(worker.connection)
    }

    /// How a worker ended (waiting a second for it) and what its plugin printed, for any worker connection.
    public static func ending(_ connection: WorkerConnection) -> [String] {
        let pid = connection.child.pid
        connection.collectOutput()
        let output = String(decoding: connection.output, as: UTF8.self)
        var lines: [String] = []
        if output.isEmpty {
            lines.append("worker \(pid): the plugin printed nothing")
        } else {
            lines.append("worker \(pid): the plugin printed:")
            let printed = output.split(separator: "\n", omittingEmptySubsequences: false)
            lines += (output.hasSuffix("\n") ? printed.dropLast() : printed[...]).map { "  | " + $0 }
            if connection.output.count >= connection.outputLimit {
                lines.append("worker \(pid): (only the first \(connection.outputLimit / 1024) KiB are kept)")
            }
        }
        switch connection.child.wait(until: MonotonicTime.seconds() + 1) {
        case let .exited(status)?: lines.append("worker \(pid) exited with status \(status)")
        case let .signal(number)?: lines.append("worker \(pid) ended by \(signalName(number))")
        case nil: lines.append("worker \(pid) still running; stopping it")
        default: break
        }
        return lines
    }
}
