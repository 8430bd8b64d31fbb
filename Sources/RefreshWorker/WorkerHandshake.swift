/// The supervisor's side of the handshake: what the worker's first reply
/// means. Every supervisor (a session, the scanner, the validator) reads it
/// the same way, so a worker of another version is a typed refusal.
public enum WorkerHandshake {
    /// nil when `bytes` is a hello at this protocol's version; else how the worker failed.
    public static func accept(_ bytes: [UInt8]) -> WorkerFailure? {
        var r = WireReader(bytes)
        let head: WorkerHead
        do {
            head = try WorkerHead.decode(&r)
        } catch {
            return .malformed(error.description)
        }
        switch head {
        case let .hello(version) where version == WorkerProtocol.version: return nil
        case let .hello(version):
            return .refused("it speaks worker protocol \(version), not \(WorkerProtocol.version)")
        case let .refused(why): return .refused(why)
        case .open, .failed, .job: return .malformed("a message before the worker's hello")
        }
    }
}

extension WorkerHandshake {
    /// The job's messages in everything a one-shot worker wrote (its hello
    /// checked and dropped). A stream that ends inside a message, a missing
    /// or refused hello, or bytes that are not messages fail.
    public static func messages(_ bytes: [UInt8]) -> Result<[[UInt8]], WorkerFailure> {
        var framer = MessageFramer(limit: bytes.count)
        framer.append(bytes[...])
        var messages: [[UInt8]] = []
        do {
            while let message = try framer.next() { messages.append(message) }
        } catch {
            return .failure(.malformed(error.description))
        }
        guard framer.pending == 0 else { return .failure(.malformed("the stream ends inside a message")) }
        guard let hello = messages.first else { return .failure(.malformed("no hello")) }
        if let failure = accept(hello) { return .failure(failure) }
        return .success(Array(messages.dropFirst()))
    }
}
