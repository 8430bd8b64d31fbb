/// Whether a series of RSS samples is flat after its warm-up: the least-squares slope over the
/// samples past the first `warmUp` fraction, times the span they cover, must stay under `allowance`
/// bytes (growth the fit projects over the measured part of the run).
public struct MemoryTrend: Sendable {
    public var warmUp = 0.2
    public var allowance = 2 << 20

    public init(warmUp: Double = 0.2, allowance: Int = 2 << 20) {
        self.warmUp = warmUp
        self.allowance = allowance
    }

    /// The projected growth in bytes over the measured span (x: steps, y: bytes).
    public func growth(_ samples: [(step: Int, bytes: Int)]) -> Double {
        let kept = Array(samples.dropFirst(Int(Double(samples.count) * warmUp)))
        guard kept.count >= 3 else { return 0 }
        let n = Double(kept.count)
        let mx = kept.reduce(0.0) { $0 + Double($1.step) } / n
        let my = kept.reduce(0.0) { $0 + Double($1.bytes) } / n
        var sxy = 0.0, sxx = 0.0
        for s in kept {
            sxy += (Double(s.step) - mx) * (Double(s.bytes) - my)
            sxx += (Double(s.step) - mx) * (Double(s.step) - mx)
        }
        guard sxx > 0 else { return 0 }
        return sxy / sxx * Double(kept.last!.step - kept.first!.step)
    }

    public func isFlat(_ samples: [(step: Int, bytes: Int)]) -> Bool { growth(samples) < Double(allowance) }
}
