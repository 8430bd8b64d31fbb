/// Reports made on a plugin's own threads, waiting for the host's thread.
/// Each distinct report (source and message) is kept once per log: a thread
/// that calls a host service in a loop makes millions of identical refusals a
/// second, and queueing each one would grow the worker without bound and
/// flood its supervisor with the same line, so the run never ends.
struct OffThreadReports {
    private var pending: [HostLog.Entry] = []
    private var seen = Set<String>()
    /// Reports dropped because the same one was made before.
    private(set) var repeats = 0

    mutating func add(_ entry: HostLog.Entry) {
        guard seen.insert("\(entry.source)\u{0}\(entry.message)").inserted else {
            repeats += 1
            return
        }
        pending.append(entry)
    }

    /// The reports not yet taken.
    mutating func take() -> [HostLog.Entry] {
        defer { pending.removeAll() }
        return pending
    }
}
