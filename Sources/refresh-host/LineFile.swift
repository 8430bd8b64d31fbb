#if canImport(Glibc)
import Glibc
#endif

/// A text file written line by line beside its target and renamed into
/// place by `commit`: a command that fails or is interrupted leaves the
/// previous file as it was. `-` is stdout.
final class LineFile {
    private let path: String
    private let temporary: String?
    private let file: UnsafeMutablePointer<FILE>
    private let option: String
    private var committed = false

    init(path: String, option: String) throws {
        self.path = path
        self.option = option
        if path == "-" {
            temporary = nil
            guard let out = fdopen(dup(1), "w") else { throw CLIError("\(option) -: cannot write to stdout") }
            file = out
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(folder).\(name).\(getpid()).part"
        guard let file = fopen(temporary, "w") else {
            throw CLIError("\(option) \(path): cannot write: \(String(cString: strerror(errno)))")
        }
        self.temporary = temporary
        self.file = file
    }

    deinit {
        guard let temporary else { return }
        if !committed {
            fclose(file)
            unlink(temporary)
        }
    }

    func append(_ line: String) throws {
        guard fputs(line + "\n", file) >= 0 else {
            throw CLIError("\(option) \(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    func commit() throws {
        guard let temporary else {
            fflush(file)
            return
        }
        committed = true
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard flushed, rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError("\(option) \(path): cannot write: \(why)")
        }
    }
}
