#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether a sanitizer runtime that shadows the address space is in this
/// process: AddressSanitizer preloaded by `make sanitize` (its workers
/// inherit it), ThreadSanitizer in a `--sanitize=thread` build. Its shadow is
/// a reservation of terabytes made before main(), so a worker that then
/// applies RLIMIT_AS can map nothing more and dies "out of memory" at its
/// next allocation: such a worker keeps only its CPU limit.
enum SanitizerRuntime {
    static let reservesShadowMemory: Bool =
        ["__asan_init", "__tsan_init", "__msan_init"].contains { (name: String) in
            dlsym(nil, name) != nil  // nil handle: RTLD_DEFAULT
        }
}
