import CCrashReport
import CIsolation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One page shared between a supervisor and its worker, where the worker's
/// dispatcher publishes the plugin call in flight (`rh_call_slot_t`). When
/// the worker crashes or stops answering, the supervisor reads which
/// callback it was in, without trusting anything the worker says afterwards:
/// the plugin may have scribbled on the page, so what is read is checked.
public final class CallSlot: @unchecked Sendable {
    /// The descriptor the worker finds the page at.
    public static let childDescriptor: Int32 = 5

    /// The supervisor's side: a fresh page, and the descriptor to hand the child.
    public let descriptor: Int32
    private let memory: UnsafeMutablePointer<rh_call_slot_t>

    public init?() {
        let fd = rh_memfd("refresh-host-call-slot")
        guard fd >= 0 else { return nil }
        let size = MemoryLayout<rh_call_slot_t>.size
        guard ftruncate(fd, off_t(size)) == 0,
              let raw = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), raw != MAP_FAILED
        else {
            close(fd)
            return nil
        }
        memset(raw, 0, size)
        // Above the standard descriptors, so the child's dup2 onto 5 never clobbers it.
        descriptor = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        memory = raw.assumingMemoryBound(to: rh_call_slot_t.self)
    }

    deinit {
        munmap(memory, MemoryLayout<rh_call_slot_t>.size)
        close(descriptor)
    }

    /// What the child needs to find the page: add both to its `ChildProcess.Options`.
    public var environmentEntry: String { "\(WorkerProcess.slotVariable)=\(Self.childDescriptor)" }

    /// The plugin call in flight, as the worker last published it.
    public struct Reading: Equatable, Sendable {
        public var sequence: UInt64
        /// Whether a plugin call is on the worker's stack.
        public var inCall: Bool
        /// The callback ("cycle"), checked: printable ASCII, at most 63 characters.
        public var function: String
        public var target: String
    }

    public func read() -> Reading {
        let slot = memory.pointee
        return Reading(sequence: slot.sequence, inCall: slot.depth > 0,
                       function: Self.text(slot.function), target: Self.text(slot.target))
    }

    /// Printable ASCII up to the first NUL, else "?".
    static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            guard bytes.count < raw.count, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return "?" }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The worker's side: maps the page at `descriptor` and publishes every plugin call there.
    static func attach(descriptor: Int32) {
        let size = MemoryLayout<rh_call_slot_t>.size
        guard let raw = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), raw != MAP_FAILED else {
            return
        }
        close(descriptor)
        rh_crash_attach_slot(raw.assumingMemoryBound(to: rh_call_slot_t.self))
    }
}
