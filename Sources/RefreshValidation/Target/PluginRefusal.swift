import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Why the host would not load a file: the same gate and reason as every
/// command's, then what `validate` needs on top (a regular ELF shared object).
public enum PluginRefusal {
    /// The reason, or nil when `path` is an ELF shared object the host may open.
    public static func reason(_ path: String) -> String? {
        var info = stat()
        if case let .refused(why) = FileGate.locate(path) { return why }
        guard stat(path, &info) == 0 else { return "no such file" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "not a regular file" }
        do {
            let elf = try ELFFile(path: path)
            guard elf.type == 3 else { return "not a shared object (ELF type \(elf.type))" }
        } catch {
            return "not a shared object (\(error))"
        }
        return nil
    }
}
