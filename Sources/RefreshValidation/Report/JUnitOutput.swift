import RefreshOutput

/// Where --junit writes: a file made (empty, beside its target) before the
/// checks run, so a report that cannot be written fails now rather than after
/// the whole suite, and renamed into place when they are done, so a CI job
/// never reads half a report; or stdout (`-`), as every command's result.
public struct JUnitOutput {
    private let file: AtomicFile?

    public init(target: String) throws(OutputError) {
        if target == "-" {
            file = nil
        } else {
            do { file = try AtomicFile(target: target) } catch { throw OutputError("--junit \(error.message)") }
        }
    }

    public func write(_ xml: String) throws(OutputError) {
        guard let file else { return try StandardOutput.write(bytes: Array(xml.utf8)[...]) }
        do {
            try file.writeAll(Array(xml.utf8))
            try file.commit()
        } catch {
            throw OutputError("--junit \(error.message)")
        }
    }
}
