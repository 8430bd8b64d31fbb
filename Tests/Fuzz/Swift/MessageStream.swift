import RefreshWorker

/// A fuzz input read as the bytes arriving on a worker pipe: framed messages, in order,
/// until the framing fails or the bytes run out (what a WorkerConnection does with them).
enum MessageStream {
    static func messages(_ bytes: [UInt8]) -> [[UInt8]] {
        var framer = MessageFramer(limit: 1 << 20)
        framer.append(bytes[...])
        var messages: [[UInt8]] = []
        while let message = try? framer.next() { messages.append(message) }
        return messages
    }
}
