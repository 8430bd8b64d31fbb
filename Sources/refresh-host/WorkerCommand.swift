import ArgumentParser
import RefreshDiscovery
import RefreshSession
import RefreshValidation
import RefreshWorker

/// The one hidden worker entry: every child refresh-host starts to run
/// plugin code for it (a session for render, run and the gallery, the
/// scanner's child, one of validate's checks) is
/// `refresh-host worker`. It takes no options: the job and everything it
/// needs come in the worker protocol's handshake on descriptors 3 and 4.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: WorkerProtocol.command, shouldDisplay: false)

    func validate() throws {
        guard WorkerProcess.isWorker else {
            throw ValidationError("worker is for the worker processes refresh-host starts itself")
        }
    }

    func run() throws {
        WorkerEntry.serve([
            .session: { SessionWorker.serve(request: &$0, channel: $1) },
            .scan: { ScanWorker.serve(request: &$0, channel: $1) },
            .check: { CheckWorker.serve(request: &$0, channel: $1) },
        ])
    }
}
