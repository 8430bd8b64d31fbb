import RefreshHostController
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs each check in a child process: the same executable, re-run as
/// `refresh-host worker` with the check job's request, its typed result
/// coming back over the worker protocol. A plugin that
/// crashes takes down only the child (`crashed`, with its signal); one that
/// hangs is killed with SIGKILL at the deadline (`timed out`).
public struct ChildRunner {
    /// The executable to re-run (this program, from /proc/self/exe).
    public var executable: String
    /// Wall seconds a check may take.
    public var deadline: Double
    /// When (monotonic seconds, `MonotonicTime`) the whole run's time is up:
    /// a check gets at most what is left, and none runs after it. A gallery
    /// card's one deadline covers its validation this way.
    public var until = Double.infinity
    /// Gets what the plugin printed on stdout and stderr while a check ran
    /// (check id, text), when it printed anything; nil: the output goes nowhere.
    public var onOutput: ((_ check: String, _ text: String) -> Void)?
    /// How the child that read the style names ended when the library hung or
    /// crashed as it loaded (`styleNames`): the first check would load it the
    /// same way, so it is given this ending instead of a second wait.
    var loadEnding: Ending?

    public init(executable: String, deadline: Double) {
        self.executable = executable
        self.deadline = deadline
    }

    /// What became of one check's child: its result, or else how the process ended.
    enum Ending: Equatable {
        case result(Outcome)
        /// The worker said, typed, why it could not run the check.
        case refused(String)
        /// How the child ended, and the plugin call it was in then (nil: none).
        case process(ChildProcess.Ending, call: String?)
    }

    func run(_ check: Check, options: ValidationOptions) -> Ending {
        let output = onOutput == nil ? nil : PrintedOutput()
        let child = spawn(CheckRequest(.run(check.id), options: options), output: output?.descriptor)
        if let output, let text = output.read(), !text.isEmpty { onOutput?(check.id, text) }
        // A child that died of a signal may have written a result first; the crash is what counts.
        if case .signal = child.ending { return .process(child.ending, call: child.call) }
        switch CheckReply.read(child.bytes) {
        case let .outcome(outcome)?: return .result(outcome)
        case let .failed(_, line)?: return .refused(line)
        case .styles?, nil: return .process(child.ending, call: child.call)
        }
    }

    /// The ids (and short names) of the library's styles, asked of a child
    /// so a crashing library cannot take the parent down; nil when the child
    /// could not say (the library does not load: the checks will tell why).
    public mutating func styleNames(options: ValidationOptions) -> [String]? {
        let child = spawn(CheckRequest(.listStyles, options: options))
        let ending = Ending.process(child.ending, call: child.call)
        if MootLoad(ending, during: "", deadline: deadline) != nil { loadEnding = ending }
        guard child.ending == .exited(0), case let .styles(names)? = CheckReply.read(child.bytes) else { return nil }
        return names.flatMap { [$0.id, $0.shortName] }
    }

    /// Runs the worker with `request`, its message pipe captured.
    private func spawn(_ request: CheckRequest, output: Int32? = nil) -> ChildProcess.Result {
        ChildProcess.run(executable, [WorkerProtocol.command], deadline: deadline,
                         capture: WorkerConnection.messageDescriptor, watchCalls: true, output: output,
                         input: request.encoded().framed)
    }
}

/// Where a check's child prints: a file already unlinked, not a pipe, so a
/// plugin that prints a lot never blocks on a reader that is waiting for it to end.
final class PrintedOutput {
    let descriptor: Int32
    static let limit = 64 << 10

    init?() {
        var template = Array("/tmp/refresh-host-output-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// What was printed, at most `limit` bytes of it.
    func read() -> String? {
        var bytes = [UInt8](repeating: 0, count: Self.limit)
        let n = pread(descriptor, &bytes, bytes.count, 0)
        guard n >= 0 else { return nil }
        return String(decoding: bytes[0..<n], as: UTF8.self)
    }
}
