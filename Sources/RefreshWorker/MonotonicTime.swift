#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The monotonic clock in seconds, for deadlines.
public enum MonotonicTime {
    public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
