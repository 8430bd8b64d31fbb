/// Whether the application's log callback is running: the library may not
/// be called from it (such calls return RHE_ERR_REENTRANT). Only the host's
/// thread touches it.
enum LogCallback {
    nonisolated(unsafe) private static var depth = 0

    static var isRunning: Bool { depth > 0 }

    static func call(_ body: () -> Void) {
        depth += 1
        defer { depth -= 1 }
        body()
    }
}
