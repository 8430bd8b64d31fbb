import COutputGuard

#if canImport(Glibc)
import Glibc
#endif

/// Standard output as the command's result: a write that fails (a full disk,
/// `> /dev/full`, a closed descriptor) fails the command with status 5 instead
/// of a success that printed nothing.
public enum StandardOutput {
    /// Writes straight to descriptor 1, a line at a time, so what a supervisor
    /// printed is on its way to the user even if the command dies the next moment.
    public static func write(line: String) throws(OutputError) {
        try write(bytes: Array((line + "\n").utf8)[...])
    }

    public static func write(bytes: ArraySlice<UInt8>) throws(OutputError) {
        try flushPrinted()
        // The loop reports errno rather than throwing from inside the closure (it rethrows untyped).
        let code: Int32? = bytes.withUnsafeBufferPointer { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(1, buffer.baseAddress! + done, buffer.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return errno
                }
            }
            return nil
        }
        if let code { throw failure(code) }
    }

    /// After a command ran: what `print` buffered must reach the file, or the
    /// command fails. Called once by main.
    public static func finish() throws(OutputError) { try flushPrinted() }

    /// `print` writes into stdio's buffer; flush it before a direct write so
    /// lines keep their order, and catch the error stdio would only remember.
    private static func flushPrinted() throws(OutputError) {
        let code = rh_stdout_flush()
        if code != 0 { throw failure(code) }
    }

    private static func failure(_ code: Int32) -> OutputError {
        // The reader went away (`| head`): end quietly, as a pipeline expects.
        if code == EPIPE { exit(128 + SIGPIPE) }
        return OutputError("stdout: cannot write: \(String(cString: strerror(code)))")
    }
}
