import RefreshWorker

/// The framing and head every worker job shares, as both ends read them.
enum WorkerWireFuzz {
    static func run(_ bytes: [UInt8]) {
        // A supervisor reading everything a one-shot worker wrote.
        if case let .success(messages) = WorkerHandshake.messages(bytes) {
            for message in messages {
                var r = WireReader(message)
                _ = try? WorkerHead.decode(&r)
            }
        }
        // The first reply of a long-lived worker, and a worker reading an open.
        _ = WorkerHandshake.accept(bytes)
        var r = WireReader(bytes)
        if let head = try? WorkerHead.decode(&r) {
            _ = head.job()
        }
    }
}
