#if canImport(Glibc)
import Glibc
#endif

/// Reading a whole file through a descriptor already opened and checked
/// (what is checked is what is read), shared by PNG assets and the registry cache.
public enum FileBytes {
    /// Up to `count` bytes from `fd`, into an uninitialised array that read
    /// fills; retries on EINTR. Fewer bytes at end of file; `error` is the
    /// errno of a failed read (the bytes before it are kept).
    public static func read(_ fd: Int32, upTo count: Int) -> (bytes: [UInt8], error: Int32?) {
        var error: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = Glibc.read(fd, buffer.baseAddress! + done, count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    if n < 0 { error = errno }
                    break
                }
                done += n
            }
            initialized = done
        }
        return (bytes, error)
    }
}
