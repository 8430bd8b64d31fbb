import ArgumentParser
import RefreshDiscovery

/// The hidden scanner child: loads one plugin file in this throw-away
/// process and writes what it found to descriptor 3 for the parent's catalog.
struct ScanWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scan-worker", shouldDisplay: false)

    @Argument var path: String

    func run() throws {
        let status = ScanWorker.run(path: path)
        if status != 0 { throw ExitCode(status) }
    }
}
