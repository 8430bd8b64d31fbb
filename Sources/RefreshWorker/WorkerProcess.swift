import CCrashReport
import CIsolation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The child's side of `ChildProcess`: what a re-executed `refresh-host`
/// does first when a supervisor started it. It dies with its parent (a
/// supervisor killed with SIGKILL leaves no worker burning CPU), applies the
/// limits the supervisor chose, and publishes its plugin calls in the shared
/// call slot when it was given one.
public enum WorkerProcess {
    static let parentVariable = "REFRESH_HOST_WORKER_PARENT"
    static let cpuVariable = "REFRESH_HOST_WORKER_CPU"
    static let memoryVariable = "REFRESH_HOST_WORKER_MEMORY"
    static let slotVariable = "REFRESH_HOST_WORKER_CALL_SLOT"
    static let deathSignalVariable = "REFRESH_HOST_WORKER_DEATH_SIGNAL"

    /// Whether this process was started by a supervisor.
    public static var isWorker: Bool { getenv(parentVariable) != nil }

    /// Call first thing in main(). A no-op in a process nobody supervises.
    public static func enter() {
        guard let parent = number(parentVariable) else { return }
        _ = rh_die_with_parent(Int32(number(deathSignalVariable) ?? Int(SIGKILL)))
        // The parent may have died before the line above: then we are orphaned already.
        if Int(getppid()) != parent { _exit(125) }
        if let cpu = number(cpuVariable), cpu > 0 {
            var limit = rlimit(rlim_cur: rlim_t(cpu), rlim_max: rlim_t(cpu + 1))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        }
        if let bytes = number(memoryVariable), bytes > 0, !SanitizerRuntime.reservesShadowMemory {
            var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        }
        if let fd = number(slotVariable) {
            CallSlot.attach(descriptor: Int32(fd))
        }
    }

    private static func number(_ name: String) -> Int? {
        guard let value = getenv(name) else { return nil }
        return Int(String(cString: value))
    }
}
