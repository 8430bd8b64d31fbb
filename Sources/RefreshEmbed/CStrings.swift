#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// C strings (and arrays of them) the library hands out and owns: all freed
/// together when the pool goes (a rescan, a host or view freed), which is the
/// lifetime the header promises for them.
final class CStrings {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []

    func add(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    func add(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(texts.count, 1))
        for (i, text) in texts.enumerated() { (array + i).initialize(to: add(text)) }
        arrays.append(array)
        return UnsafePointer(array)
    }

    deinit {
        for s in strings { free(s) }
        for a in arrays { a.deallocate() }
    }
}
