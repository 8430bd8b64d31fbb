import RefreshHostController
import RefreshHostLoader
import RefreshIsolation
import RefreshRender
import RefreshSession

#if canImport(Glibc)
import Glibc
#endif

/// The supervisor's view of one style running in a worker: the re-executed
/// `refresh-host` that loads the style's file and runs it, and the one-line
/// name a failure gets ("com.acme.wave (/path/libWave.so)").
struct StyleWorker {
    let connection: WorkerConnection
    let subject: String
    /// The images this connection has carried (each one's pixels come once).
    let images = ImageWireCache()

    /// Starts `refresh-host ARGUMENTS` as the worker for `entry`'s style.
    init(_ entry: PluginEntry, arguments: [String], budget: Double) throws {
        guard let exe = SearchPath.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
        subject = "\(entry.descriptor?.id ?? "?") (\(entry.file))"
        var configuration = WorkerConnection.Configuration(executable: exe, arguments: arguments)
        configuration.budget = budget
        do {
            connection = try WorkerConnection(configuration)
        } catch {
            throw CLIError.plugin(error.line(subject: subject))
        }
        Console.current.detail("worker \(connection.child.pid) started for \(subject), "
                               + "budget \(format(budget, decimals: 1)) s a call")
    }

    /// With --verbose: how the worker ended and what the plugin printed on its
    /// stdout and stderr (kept by the connection, never shown otherwise).
    func reportOutput() {
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

    /// Sends a command; a worker failure becomes the one line that names the style and the cause.
    func send(_ message: WireWriter, interrupt: () -> Bool = { false }) throws {
        do {
            try connection.send(message, interrupt: interrupt)
        } catch WorkerFailure.interrupted {
            throw WorkerFailure.interrupted
        } catch {
            throw CLIError.plugin(error.line(subject: subject))
        }
    }

    /// The next message; a worker failure becomes the one line that names the style and the
    /// cause, except an interruption the caller asked for (`WorkerFailure.interrupted`).
    func next(interrupt: () -> Bool = { false }) throws -> WorkerMessage {
        do {
            guard let bytes = try connection.receive(interrupt: interrupt) else {
                throw CLIError.plugin("the worker running \(subject) ended without finishing")
            }
            do {
                return try WorkerMessage(decoding: bytes, images: images)
            } catch {
                connection.close()
                throw CLIError.plugin(WorkerFailure.malformed(error.description).line(subject: subject))
            }
        } catch WorkerFailure.interrupted {
            throw WorkerFailure.interrupted
        } catch let failure as WorkerFailure {
            throw CLIError.plugin(failure.line(subject: subject))
        }
    }
}

/// The worker's side: the message channel to the supervisor, and what to do
/// with an error (tell the supervisor in one line and exit).
enum WorkerSide {
    static let channel = WorkerChannel()
    /// The images sent on `channel`, so each one's pixels go once. A worker
    /// sends from its one thread only, so the unguarded state is safe.
    nonisolated(unsafe) static let images = ImageWireCache()

    static func send(_ message: WorkerMessage) { channel.send(message.encoded(images: images)) }

    /// Runs `body`; a thrown error is reported as `failed` and the worker exits 1.
    static func run(_ body: () throws -> Void) -> Never {
        do {
            try body()
            send(.done)
            exit(0)
        } catch {
            let status = WorkerSide.status(of: error)
            send(.failed("\(error)", status: UInt8(status.rawValue)))
            exit(status.rawValue)
        }
    }

    /// The exit status a worker's error gives the command: the CLI's own
    /// errors keep theirs, a moment the run never reaches is the request's
    /// fault, and anything else the plugin did (create failed, a descriptor
    /// changed since the scan) is the plugin's.
    static func status(of error: any Error) -> ExitStatus {
        switch error {
        case let error as CLIError: error.status
        case let error as RenderError: error.isRequest ? .usage : .outputFailed
        default: .pluginFailed
        }
    }
}
