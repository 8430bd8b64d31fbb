import RefreshConsole
import RefreshSession

/// --verbose's lines about a session's worker (WorkerReport), on the console.
enum SessionOutput {
    static func started(_ session: any StyleSession, budget: Double) {
        if let line = WorkerReport.started(session, budget: budget) { Console.current.detail(line) }
    }

    /// Only with --verbose: reporting waits for the worker to end.
    static func report(_ session: (any StyleSession)?) {
        guard Console.current.isVerbose else { return }
        for line in WorkerReport.ending(session) { Console.current.detail(line) }
    }
}
