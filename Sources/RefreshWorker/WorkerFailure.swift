#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a worker went wrong.
public enum WorkerFailure: Error, Equatable, Sendable {
    case spawnFailed(String)
    /// Died of a signal; `call` is the plugin function it was in, nil when it was in none.
    case crashed(signal: Int32, call: String?)
    /// Exited before it finished (a plugin that calls exit, or a worker that gave up).
    case exited(status: Int32, call: String?)
    /// Closed its message stream but kept running.
    case closedStream(call: String?)
    /// One plugin call took longer than the budget.
    case hung(call: String, seconds: Double)
    /// No message and no plugin call for too long: the host's own code is stuck.
    case stalled(seconds: Double)
    case malformed(String)
    /// Refused the handshake: it speaks another protocol version, or has no such job.
    case refused(String)
    /// The user asked to stop (q, Ctrl-C, a signal) while waiting.
    case interrupted

    /// One line about `subject` ("com.acme.wave (/path/libWave.so)").
    public func line(subject: String) -> String {
        switch self {
        case let .spawnFailed(why): return "cannot start a worker for \(subject): \(why)"
        case let .crashed(number, call?): return "\(subject) crashed in \(Self.shown(call)) with \(signalName(number))"
        case let .crashed(number, nil):
            return number == SIGKILL || number == SIGXCPU
                ? "the worker running \(subject) was killed (\(signalName(number)); out of time or memory?)"
                : "the worker running \(subject) crashed with \(signalName(number)) outside plugin code"
        case let .exited(status, call?): return "\(subject) ended its worker process (exit status \(status)) in \(Self.shown(call))"
        case let .exited(status, nil): return "the worker running \(subject) exited with status \(status) before it finished"
        case let .closedStream(call):
            return "\(subject) closed the worker's message channel" + (call.map { " in \(Self.shown($0))" } ?? "")
        case let .hung(call, seconds):
            return "\(subject) did not return from \(Self.shown(call)) within \(Self.seconds(seconds)) s; stopped it"
        case let .stalled(seconds):
            return "the worker running \(subject) made no progress for \(Self.seconds(seconds)) s outside plugin code; stopped it"
        case let .malformed(why): return "the worker running \(subject) sent a malformed message (\(why)); stopped it"
        case let .refused(why): return "the worker for \(subject) refused its job (\(why))"
        case .interrupted: return "interrupted"
        }
    }

    /// A plugin function as messages name it, `cycle()`; a call described in
    /// words ("the library's constructors") stays as it is.
    public static func shown(_ call: String) -> String {
        call.contains(" ") ? call : call + "()"
    }

    static func seconds(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v))" : "\((v * 1000).rounded() / 1000)"
    }
}
