import RefreshValidation

/// Each card's verdict: `validate` at a strictness with a fixed seed, each
/// check in a child process (`executable worker`, the check job) as the command
/// does it, so a crashing style cannot take the gallery down with it.
public enum GalleryConformance {
    /// A validator for GalleryBuilder, called from several threads at once.
    public static func validator(executable: String, strictness: Int) -> GalleryBuilder.Validator {
        { file, id, until in
            var runner = ChildRunner(executable: executable, deadline: 60)
            runner.until = until
            let options = ValidationOptions(path: file, style: id, strictness: strictness, seed: 1, only: nil)
            return conformance(Validation(options: options, mode: .child(runner)).run(), strictness: strictness)
        }
    }

    /// What a card says of `results`: passed or not, the count of each status, the problems by check.
    public static func conformance(_ results: [CheckResult], strictness: Int) -> GalleryCard.Conformance {
        let summary = Summary(results)
        let notRun = results.filter(\.wasNotRun).count
        return GalleryCard.Conformance(
            // A check not run (the style hung, or the card's time ran out) is no pass.
            passed: !summary.hasProblems && notRun == 0, strictness: strictness,
            summary: Status.allCases.filter { summary[$0] > 0 }.map { "\(summary[$0]) \($0.rawValue)" }.joined(separator: ", "),
            problems: results.filter(\.status.isProblem).map { "\($0.id) (\($0.status.rawValue))" }
                + (notRun > 0 ? ["\(notRun) check(s) not run"] : []))
    }
}
