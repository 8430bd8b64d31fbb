import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#endif

/// The worker's end of the session protocol: what `refresh-host
/// session-worker` runs. It waits for `open`, loads the one plugin file it
/// names (nothing else on any search path), runs the style in a
/// `LocalSession`, and answers each `advance` with a frame, until the
/// supervisor closes its end. A failure it can describe is sent as
/// `failed` with its kind; a crash or a hang is the supervisor's to see.
public enum SessionWorker {
    public static func serve() -> Never {
        let channel = WorkerChannel()
        let images = ImageWireCache()
        func send(_ message: SessionMessage) { channel.send(message.encoded(images: images)) }
        var session: LocalSession?
        do {
            while let bytes = channel.receive() {
                for command in try SessionCommand.decode(bytes) {
                    switch command {
                    case let .open(file, style, settings):
                        guard session == nil else { throw SessionFailure.reported(.request, "the session is open already") }
                        var inProcess = settings
                        inProcess.isolation = .inProcess
                        // Events and problems go as they happen: a crash later loses none of them.
                        let observer = SessionObserver(onEvent: { send(.event($0)) }, onProblem: { send(.problem($0)) })
                        let opened = try LocalSession(file: file, style: style, settings: inProcess, observer: observer)
                        session = opened
                        send(.hello(version: SessionProtocol.version, opened.style))
                    case let .input(input): try open(session).send(input)
                    case let .step(time): try open(session).step(to: time)
                    case let .advance(time, layers):
                        send(.frame(try open(session).advance(to: time, withLayers: layers)))
                    case .restart: try open(session).restart()
                    case .finish:
                        send(.finished(try open(session).finish()))
                        exit(0)
                    }
                }
            }
        } catch let failure as SessionFailure {
            if case let .reported(kind, line) = failure { send(.failed(kind, line)) }
            exit(1)
        } catch {
            send(.failed(.request, "the worker cannot read its supervisor's command: \(error)"))
            exit(2)
        }
        session?.close()
        exit(0)
    }

    private static func open(_ session: LocalSession?) throws(SessionFailure) -> LocalSession {
        guard let session else { throw .reported(.request, "no session is open: the first command must be open") }
        return session
    }
}
