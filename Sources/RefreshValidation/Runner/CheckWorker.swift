import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The worker's end of the check job (`refresh-host worker`): runs one
/// check in this process, or lists the library's styles, and answers the
/// supervising `ChildRunner` with one typed reply.
public enum CheckWorker {
    public static func serve(request: inout WireReader, channel: WorkerChannel) -> Never {
        let asked: CheckRequest
        do {
            asked = try CheckRequest(reading: &request)
        } catch {
            channel.send(CheckReply.failed(.request, "the check request does not read: \(error)").encoded())
            exit(2)
        }
        let options = asked.options
        // Listing names every style the library has, whichever one the run chose.
        let context = CheckContext(path: options.path, style: asked.task == .listStyles ? nil : options.style,
                                   strictness: options.strictness, seed: options.seed)
        switch asked.task {
        case let .run(id):
            guard let check = Catalogue.check(id) else {
                channel.send(CheckReply.failed(.request, "no check \(id)").encoded())
                exit(2)
            }
            channel.send(CheckReply.outcome(check.run(context)).encoded())
        case .listStyles:
            do {
                let styles = try context.styles()
                channel.send(CheckReply.styles(styles.map { .init(id: $0.id, shortName: $0.shortName) }).encoded())
            } catch {
                channel.send(CheckReply.failed(.load, "\(error)").encoded())
                exit(1)
            }
        }
        exit(0)
    }
}
