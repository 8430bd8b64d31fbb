import RefreshEmbedABI
import RefreshPluginRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds the `refresh-host` executable whose hidden `worker` subcommand runs
/// styles and scans plugin files: the one the application named, else the one
/// installed with this library (beside it, then ../bin), else the first on PATH.
enum WorkerLocator {
    static let name = "refresh-host"

    static func locate(given: String?, environment: [String: String]) throws(EmbedError) -> String {
        if let given {
            guard isExecutable(given) else {
                throw EmbedError(RHE_ERR_NO_WORKER, "worker_executable \(given) is not an executable file")
            }
            return given.hasPrefix("/") ? given : (FilePaths.currentDirectory() ?? "") + "/" + given
        }
        var tried: [String] = []
        if let folder = libraryFolder() {
            for candidate in [folder + "/" + name, (FilePaths.parent(of: folder) ?? folder) + "/bin/" + name] {
                tried.append(candidate)
                if isExecutable(candidate) { return FilePaths.normalize(candidate) }
            }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + name
            if isExecutable(candidate) { return candidate }
        }
        tried.append("$PATH")
        throw EmbedError(RHE_ERR_NO_WORKER,
                         "no \(name) executable to run styles in (looked in \(tried.joined(separator: ", "))); "
                         + "install it with the library or set rhe_host_options_t.worker_executable")
    }

    /// The folder of the file this code was loaded from: librefreshhost.so,
    /// or the program it is linked into.
    static func libraryFolder() -> String? {
        let anchor: @convention(c) () -> Void = embedAddressAnchor
        let address = UInt(bitPattern: unsafeBitCast(anchor, to: UnsafeRawPointer.self))
        guard let path = mappedFile(containing: address) else { return nil }
        return FilePaths.parent(of: FilePaths.canonical(path) ?? path)
    }

    /// The file mapped at `address`, from /proc/self/maps (what dladdr reads
    /// from the loader; Swift's Glibc module does not import dladdr).
    static func mappedFile(containing address: UInt) -> String? {
        guard let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            // "start-end perms offset dev inode   path"
            let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  start <= address, address < end
            else { continue }
            let path = fields[5].drop { $0 == " " }.prefix { $0 != "\n" }
            return path.hasPrefix("/") ? String(path) : nil
        }
        return nil
    }

    private static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}

/// A function of this library whose address dladdr maps back to the library's file.
private func embedAddressAnchor() {}
