import RefreshPluginRuntime

/// Opens sessions: the one switch between running a style's code in this
/// process and in a supervised worker (`SessionSettings.isolation`).
public struct SessionOpener: Sendable {
    /// The executable whose hidden `worker` subcommand serves a worker session.
    public var workerExecutable: String

    /// `workerExecutable` nil: this process's own executable (the CLI re-executes itself).
    public init(workerExecutable: String? = nil) {
        self.workerExecutable = workerExecutable ?? FilePaths.executablePath() ?? "/proc/self/exe"
    }

    /// A session of `style` (an id or short name) from the one plugin `file`.
    /// `interrupt` is asked while a worker session waits (q and Ctrl-C).
    /// `observer` hears everything from the start, the instance's create and setup included.
    public func open(file: String, style: String, settings: SessionSettings, observer: SessionObserver = SessionObserver(),
                     interrupt: @escaping () -> Bool = { false }) throws(SessionFailure) -> any StyleSession {
        switch settings.isolation {
        case .inProcess: try LocalSession(file: file, style: style, settings: settings, observer: observer)
        case .worker: try WorkerSession(file: file, style: style, settings: settings, executable: workerExecutable,
                                        observer: observer, interrupt: interrupt)
        }
    }
}
