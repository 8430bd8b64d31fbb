/// `validate --strict-features`: a file's features the style does not draw
/// (descriptors.drawn-features' warning) fail the run instead of warning.
public enum StrictFeatures {
    public static func apply(_ results: [CheckResult]) -> [CheckResult] {
        results.map { result in
            guard result.id == DescriptorChecks.drawnFeaturesID, result.status == .warning else { return result }
            var failed = result
            failed.status = .failed
            failed.expected = "every feature of the style's file drawn (--strict-features)"
            failed.actual = result.detail
            if !failed.reproduce.isEmpty { failed.reproduce += " --strict-features" }
            return failed
        }
    }
}
