@testable import RefreshDiscovery
import RefreshWorker

/// Both directions of the scan job: the first byte picks which end reads the rest.
enum ScanWireFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let which = bytes.first else { return }
        let messages = MessageStream.messages(Array(bytes.dropFirst()))
        if which & 1 == 0 {
            // The worker reading its open.
            guard let first = messages.first else { return }
            var r = WireReader(first)
            if case .open = try? WorkerHead.decode(&r) {
                _ = try? ScanRequest(reading: &r)
            }
        } else {
            // The scanner reading outcomes (OutcomeWire), after the head.
            for message in messages {
                var r = WireReader(message)
                if case let .job(tag) = try? WorkerHead.decode(&r) {
                    _ = try? ScanReply(tag: tag, reading: &r)
                }
            }
        }
    }
}
