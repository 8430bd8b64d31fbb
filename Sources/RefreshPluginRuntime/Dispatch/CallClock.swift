import CFFI
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What times every plugin call: the CPU's time-stamp counter where the
/// kernel itself trusts it as its clock (x86 with the "tsc" clocksource),
/// because two counter reads cost a third of two clock_gettime calls and
/// the dispatcher makes them around every call; else CLOCK_MONOTONIC in
/// nanoseconds. Ticks become seconds through a rate measured against
/// CLOCK_MONOTONIC once per process and refined over the process's life.
final class CallClock: Sendable {
    /// One per process: the rate is the machine's, and measuring it costs a little.
    static let shared = CallClock()

    let usesCounter: Bool
    /// The counter and the clock when the rate's measurement began.
    private let originTicks: UInt64
    private let originNanoseconds: UInt64
    /// Seconds per tick, as the bits of a Double.
    private let rate: Atomic<UInt64>

    private init() {
        usesCounter = rh_cycle_counter() != 0 && Self.kernelClockIsTSC()
        guard usesCounter else {
            originTicks = 0
            originNanoseconds = 0
            rate = Atomic(1e-9.bitPattern)
            return
        }
        // 50 us against the clock, each end read back to back so that being
        // descheduled in between costs nothing: within 0.1% of the rate.
        let start = (Self.clockNanoseconds(), UInt64(rh_cycle_counter()))
        var end = start
        while end.0 - start.0 < 50_000 { end = (Self.clockNanoseconds(), UInt64(rh_cycle_counter())) }
        originNanoseconds = start.0
        originTicks = start.1
        rate = Atomic((Double(end.0 - start.0) * 1e-9 / Double(max(1, end.1 &- start.1))).bitPattern)
    }

    /// Now, in ticks.
    @inline(__always) func now() -> UInt64 {
        usesCounter ? UInt64(rh_cycle_counter()) : Self.clockNanoseconds()
    }

    var secondsPerTick: Double { Double(bitPattern: rate.load(ordering: .relaxed)) }

    /// `seconds` in ticks, for comparing with a call's ticks.
    func ticks(_ seconds: Double) -> UInt64 {
        let ticks = seconds / secondsPerTick
        return ticks >= Double(UInt64.max) ? .max : ticks <= 0 ? 0 : UInt64(ticks)
    }

    /// Measures the rate again over everything since the start: the longer
    /// the span, the closer. For readers of statistics, not for every call.
    func refine() {
        guard usesCounter else { return }
        let nanoseconds = Self.clockNanoseconds() - originNanoseconds
        let ticks = UInt64(rh_cycle_counter()) &- originTicks
        guard nanoseconds > 10_000_000, ticks > 0 else { return }
        rate.store((Double(nanoseconds) * 1e-9 / Double(ticks)).bitPattern, ordering: .relaxed)
    }

    private static func clockNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Whether the kernel keeps time with the TSC: then it is invariant and
    /// the same on every CPU, which is what makes it fit for timing calls.
    private static func kernelClockIsTSC() -> Bool {
        guard let file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r") else { return false }
        defer { fclose(file) }
        var name = [UInt8](repeating: 0, count: 4)
        return fread(&name, 1, 4, file) >= 3 && name[0..<3] == [0x74, 0x73, 0x63]  // "tsc"
    }
}
