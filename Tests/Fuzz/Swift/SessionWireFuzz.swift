@testable import RefreshSession
import RefreshWorker

/// Both directions of the session job.
enum SessionWireFuzz {
    /// The worker's side: the first message opens the job, every later one is a batch of commands.
    static func toWorker(_ bytes: [UInt8]) {
        let messages = MessageStream.messages(bytes)
        guard let first = messages.first else { return }
        var r = WireReader(first)
        if case .open = try? WorkerHead.decode(&r) {
            _ = try? SessionOpen(reading: &r)
        }
        for message in messages.dropFirst() {
            _ = try? SessionCommand.decode(message)
        }
    }

    /// The supervisor's side: every message with one image cache, as one session keeps it
    /// (images sent once and referred to later).
    static func toHost(_ bytes: [UInt8]) {
        let images = ImageWireCache()
        for message in MessageStream.messages(bytes) {
            _ = try? SessionMessage(decoding: message, images: images)
        }
    }
}
