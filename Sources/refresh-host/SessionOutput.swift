import RefreshConsole
import RefreshHostController
import RefreshWorker
import RefreshSession

/// What --verbose says about a session's worker: that it started, how it
/// ended, and what the plugin printed (kept by the connection, never shown otherwise).
enum SessionOutput {
    static func started(_ session: any StyleSession, budget: Double) {
        guard let worker = session as? WorkerSession else { return }
        Console.current.detail("worker \(worker.connection.child.pid) started for \(worker.style.subject), "
                               + "budget \(format(budget, decimals: 1)) s a call")
    }

    static func report(_ session: (any StyleSession)?) {
        guard Console.current.isVerbose, let worker = session as? WorkerSession else { return }
        // The worker ends the instance and exits once its command stream closes.
        worker.connection.closeCommands()
        report(worker.connection)
    }

    /// How a worker ended and what its plugin printed, for any worker connection.
    static func report(_ connection: WorkerConnection) {
        let console = Console.current
        guard console.isVerbose else { return }
        let pid = connection.child.pid
        connection.collectOutput()
        let output = String(decoding: connection.output, as: UTF8.self)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if output.isEmpty {
            console.detail("worker \(pid): the plugin printed nothing")
        } else {
            console.detail("worker \(pid): the plugin printed:")
            for line in (output.hasSuffix("\n") ? lines.dropLast() : lines[...]) { console.detail("  | " + line) }
            if connection.output.count >= connection.outputLimit {
                console.detail("worker \(pid): (only the first \(connection.outputLimit / 1024) KiB are kept)")
            }
        }
        switch connection.child.wait(until: MonotonicTime.seconds() + 1) {
        case let .exited(status)?: console.detail("worker \(pid) exited with status \(status)")
        case let .signal(number)?: console.detail("worker \(pid) ended by \(signalName(number))")
        case nil: console.detail("worker \(pid) still running; stopping it")
        default: break
        }
    }
}
