/// A file the host refuses before it opens it (not ELF, a FIFO, truncated,
/// world-writable, missing): no check can run, and the report says so in the
/// same form as a library that fails to load, so `--json` and `--junit`
/// always have a document for a CI job to read.
extension Validation {
    /// `loading.dlopen` failed with `reason`, every other selected check
    /// skipped. loading.dlopen is reported even when --only leaves it out:
    /// it is the check the file failed.
    public static func refused(options: ValidationOptions, because reason: String) -> [CheckResult] {
        let opening = Catalogue.check("loading.dlopen")!
        var failed = CheckResult(check: opening, outcome: .failed(
            expected: "an ELF shared object for this machine that the host may open",
            actual: "refused before loading: \(reason)", gesture: ""))
        failed.reproduce = options.reproduce(opening.id)
        let others = Catalogue.matching(options.only).filter { $0.id != opening.id }
        return [failed] + others.map { CheckResult(check: $0, outcome: .skipped("the file was not loaded: \(reason)")) }
    }
}
