import Glibc

/// One file the file-reading targets rewrite per input, in a private folder under /tmp.
struct ScratchFile {
    let folder: String
    let path: String

    init(name: String) {
        var template = Array("/tmp/refresh-fuzz-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { fatalError("mkdtemp failed") }
        folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        path = folder + "/" + name
    }

    func write(_ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { fatalError("short write to \(path)") }
            done += n
        }
    }
}
