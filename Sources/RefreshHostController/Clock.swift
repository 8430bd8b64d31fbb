#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where frame times come from. The controller itself only knows the
/// timeline's time; a clock decides how that time relates to the wall.
public protocol Clock: AnyObject {
    /// Seconds since the clock started.
    var now: Double { get }
    /// Returns once `now >= time`.
    func wait(until time: Double)
}

/// Time that passes only when asked: deterministic runs, tests, rendering.
public final class VirtualClock: Clock {
    public private(set) var now: Double
    public init(start: Double = 0) { now = start }
    public func wait(until time: Double) { now = max(now, time) }
}

/// The monotonic wall clock, for live use.
public final class MonotonicClock: Clock {
    private let origin: Double
    public init() { origin = Self.seconds() }
    public var now: Double { Self.seconds() - origin }

    public func wait(until time: Double) {
        let remaining = time - now
        guard remaining > 0 else { return }
        var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - Double(Int(remaining))) * 1e9))
        var left = timespec()
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }

    /// Seconds on CLOCK_MONOTONIC: the one wall-time source for clocks, call timing and benchmarks.
    public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
