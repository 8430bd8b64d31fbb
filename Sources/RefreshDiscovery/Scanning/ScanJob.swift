import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Scanner {
    /// One running child and its batch: its reply pipe, its call slot and what it has said so far.
    struct Job {
        /// The indices (into the scan's paths) of the files the child was asked to load, in order.
        var batch: [Int]
        var child: SupervisedChild
        var pipe: Pipe
        var slot: CallSlot?
        /// When the child runs out of wall time: the start-up's end before the hello, then the
        /// wall cap past the hello or the latest outcome (per file, not per batch).
        var end: Double
        /// The file being loaded's own time (the deadline's), from the hello or the latest outcome.
        var clock: ChildOwnTime
        /// The limit that stopped the child, when one did: the deadline or the wall cap.
        var timedOutAfter: Double?
        var framer = MessageFramer(limit: 1 << 20)
        /// Bytes received: a reply is a few KiB a file; a plugin flooding the pipe is cut off, and its reply is garbled.
        var received = 0
        var closed = false
        /// The child said hello: the deadline runs from then.
        var ready = false
        /// The outcomes of the batch's first files, each whole and in order.
        var outcomes: [ScanOutcome] = []
        /// What came after the hello does not read as the scan job's replies.
        var garbled = false
        /// Why the child would not or could not scan: a refused handshake, an unreadable
        /// request (the host's fault, never the file's).
        var refusal: String?
        /// Whether what happened is the files' doing: the child said hello and did not refuse.
        var scanned: Bool { ready && refusal == nil }
        /// Something came after the last whole outcome (a message cut short, or garbage).
        var repliedSinceOutcome: Bool { garbled || framer.pending > 0 }

        /// What a child may send per file in its batch: a reply is a few KiB.
        static let bytesPerFile = 1 << 20

        /// Reads whatever the pipe holds now (it is non-blocking); the hello and each outcome
        /// start the next file's clock, and its `wallCap`.
        mutating func drain(into buffer: inout [UInt8], wallCap: Double) {
            while !closed {
                let n = buffer.withUnsafeMutableBytes { read(pipe.readEnd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    // A plugin flooding the pipe is cut off past its batch's share; its reply is then cut short.
                    let allowance = Self.bytesPerFile * max(1, batch.count) - received
                    if allowance > 0 { framer.append(buffer[0..<min(n, allowance)]) }
                    received += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    if n == 0 { closed = true }
                    break
                }
            }
            takeMessages(wallCap: wallCap)
        }

        /// The next file starts loading now: its own clock from zero, its wall cap from now.
        private mutating func startFile(wallCap: Double) {
            let now = MonotonicTime.seconds()
            end = now + wallCap
            clock.restart(now: now)
        }

        /// Takes the whole messages the framer holds.
        private mutating func takeMessages(wallCap: Double) {
            while !garbled, refusal == nil {
                let message: [UInt8]
                do {
                    guard let next = try framer.next() else { return }
                    message = next
                } catch {
                    garbled = true
                    return
                }
                guard ready else {
                    if let failure = WorkerHandshake.accept(message) {
                        if case let .refused(why) = failure {
                            refusal = "the scanner refused its request (\(why))"
                        } else {
                            refusal = "the scanner's first answer was not a hello (\(failure.line(subject: "the scan")))"
                        }
                        return
                    }
                    ready = true
                    startFile(wallCap: wallCap)
                    continue
                }
                var r = WireReader(message)
                do {
                    switch try WorkerHead.decode(&r) {
                    case let .job(tag):
                        // Exactly the next file's outcome, else the reply is not to be trusted.
                        guard case let .outcome(index, outcome) = try ScanReply(tag: tag, reading: &r),
                              index == outcomes.count, index < batch.count else {
                            garbled = true
                            return
                        }
                        outcomes.append(outcome)
                        startFile(wallCap: wallCap)
                    case let .failed(_, line): refusal = "the scanner could not read its request (\(line))"
                    case .open, .hello, .refused: garbled = true
                    }
                } catch {
                    garbled = true
                }
            }
        }
    }
}
