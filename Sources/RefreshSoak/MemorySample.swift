import Glibc

/// Resident memory of a process, from /proc/<pid>/statm (its second field, in pages).
public enum MemorySample {
    /// Bytes resident, nil when the process is gone or /proc cannot be read.
    public static func rss(of pid: pid_t) -> Int? {
        guard let file = fopen("/proc/\(pid)/statm", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
