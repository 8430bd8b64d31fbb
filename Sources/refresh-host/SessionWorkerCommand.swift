import ArgumentParser
import RefreshWorker
import RefreshSession

/// The hidden worker that runs one style for a supervisor (`render`, `run`,
/// the gallery): it speaks the session protocol on descriptors 3 and 4 and
/// takes no options; everything it needs comes in the protocol's `open`.
struct SessionWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: SessionProtocol.workerCommand, shouldDisplay: false)

    func validate() throws {
        guard WorkerProcess.isWorker else {
            throw ValidationError("session-worker is for the worker processes refresh-host starts itself")
        }
    }

    func run() throws { SessionWorker.serve() }
}
