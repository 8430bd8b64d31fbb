#if canImport(Glibc)
import Glibc
#endif

/// A text file written line by line into an `AtomicFile` and renamed into
/// place by `commit`: a command that fails or is interrupted leaves the
/// previous file as it was, and no temporary. `-` is stdout, written as
/// every command's result is (StandardOutput): a reader that goes away
/// (`| head`) ends the command quietly with 141, a full disk fails it with 5.
public final class LineFile {
    private let path: String
    private let atomic: AtomicFile?
    private var file: UnsafeMutablePointer<FILE>?
    private let option: String

    public init(path: String, option: String) throws(OutputError) {
        self.path = path
        self.option = option
        if path == "-" {
            atomic = nil
            file = nil
            return
        }
        let atomic: AtomicFile
        do { atomic = try AtomicFile(target: path) } catch { throw OutputError("\(option) \(error.message)") }
        guard let file = fopen(atomic.temporaryPath, "w") else {
            throw OutputError("\(option) \(path): cannot write: \(String(cString: strerror(errno)))")
        }
        self.atomic = atomic
        self.file = file
    }

    deinit { if let file { fclose(file) } }

    public func append(_ line: String) throws(OutputError) {
        if path == "-" { return try StandardOutput.write(line: line) }
        guard let file, fputs(line + "\n", file) >= 0 else {
            throw OutputError("\(option) \(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    public func commit() throws(OutputError) {
        guard let open = file else { return }
        file = nil
        let written = fflush(open) == 0
        fclose(open)
        guard written else { throw OutputError("\(option) \(path): cannot write: \(String(cString: strerror(errno)))") }
        do { try atomic?.commit() } catch { throw OutputError("\(option) \(error.message)") }
    }
}
