import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#endif

/// The worker's end of the session job: what `refresh-host worker` runs
/// after a handshake that opened a session. It loads the one plugin file
/// the open names (nothing else on any search path), runs the style in a
/// `LocalSession`, says `opened`, and answers each `advance` with a frame,
/// until the supervisor closes its end. A failure it can describe is sent
/// as `failed` with its kind; a crash or a hang is the supervisor's to see.
public enum SessionWorker {
    public static func serve(request: inout WireReader, channel: WorkerChannel) -> Never {
        let images = ImageWireCache()
        func send(_ message: SessionMessage) { channel.send(message.encoded(images: images)) }
        var session: LocalSession?
        do {
            let open = try SessionOpen(reading: &request)
            var inProcess = open.settings
            inProcess.isolation = .inProcess
            // Events and problems go as they happen: a crash later loses none of them.
            let observer = SessionObserver(onEvent: { send(.event($0)) }, onProblem: { send(.problem($0)) })
            let opened = try LocalSession(file: open.file, style: open.style, settings: inProcess, observer: observer)
            session = opened
            send(.opened(opened.style))
            while let bytes = channel.receive() {
                for command in try SessionCommand.decode(bytes) {
                    switch command {
                    case let .input(input): opened.send(input)
                    case let .step(time): try opened.step(to: time)
                    case let .advance(time, layers): send(.frame(try opened.advance(to: time, withLayers: layers)))
                    case .restart: try opened.restart()
                    case let .resize(width, height, scale):
                        try opened.resize(width: width, height: height, pixelScale: scale)
                        send(.resized(opened.style))
                    case .finish:
                        send(.finished(try opened.finish()))
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
}
