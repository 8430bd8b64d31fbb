#if canImport(Glibc)
import Glibc
#endif

/// The fuzzer's seed as `validate` takes it: printed by every run, so any run can be replayed.
public enum ValidationSeed {
    /// The largest seed: 2^53-1, the largest integer every JSON reader keeps exactly.
    public static let max: UInt64 = (1 << 53) - 1

    /// `text` as a seed, or nil when it is not a whole number from 0 to `max`.
    public static func parse(_ text: String) -> UInt64? {
        UInt64(text).flatMap { $0 > max ? nil : $0 }
    }

    /// A seed nobody chose: from the kernel's random source, short enough to type back.
    public static func fresh() -> UInt64 {
        var value: UInt64 = 0
        let random = open("/dev/urandom", O_RDONLY)
        let got = random < 0 ? 0 : read(random, &value, MemoryLayout<UInt64>.size)
        if random >= 0 { close(random) }
        if got != MemoryLayout<UInt64>.size {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            value = UInt64(ts.tv_nsec) ^ UInt64(ts.tv_sec) << 20
        }
        return value % 1_000_000_000
    }
}
