import RefreshHostABI
import RefreshHostController
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// The libffi dispatcher against calling the same C function pointers
/// directly, in CPU time of this thread (best of 5), so that other
/// processes on a busy machine do not count.
extension Bench {
    static func dispatch(_ plugins: LoadedPlugins) throws {
        let n = 1_000_000
        let library = try require(plugins.library(at: plugins.registry.lookup("yahoo").file))
        let count = library.styleCountFunction
        let describe = try styleDescriptorFunction(library.path)
        let directCount = unsafeBitCast(count, to: (@convention(c) () -> UInt32).self)
        let directDescribe = unsafeBitCast(describe, to: (@convention(c) (UInt32) -> UnsafeRawPointer?).self)
        let dispatcher = PluginDispatcher()
        var sink: UInt = 0
        let rows: [(String, () -> Void)] = [
            ("style_count(), direct", { for _ in 0..<n { sink &+= UInt(directCount()) } }),
            ("style_count(), dispatcher", {
                for _ in 0..<n { sink &+= UInt(dispatcher.call(.styleCount, count, [], target: "bench").uint32Value) }
            }),
            ("style_descriptor(0), direct", {
                for _ in 0..<n { sink &+= UInt(bitPattern: directDescribe(0)) }
            }),
            ("style_descriptor(0), dispatcher", {
                for _ in 0..<n {
                    sink &+= UInt(bitPattern: dispatcher.call(.styleDescriptor, describe, [.uint32(0)], target: "bench").pointerValue)
                }
            }),
            ("for scale: two clock_gettime, how calls were timed before", {
                for _ in 0..<n { sink &+= UInt(MonotonicClock.seconds() - MonotonicClock.seconds() < 0 ? 1 : 0) }
            }),
        ]
        print("dispatch: \(n) calls into the C plugin, CPU ns per call (this thread), best of 5")
        var table = Table(["path", "ns/call", "overhead ns"])
        var direct = 0.0
        for (i, row) in rows.enumerated() {
            let perCall = bestCPU(row.1) / Double(n)
            if i % 2 == 0 { direct = perCall }
            table.add([row.0, ns(perCall), i % 2 == 1 ? ns(perCall - direct) : ""])
        }
        table.print()
        if sink == 0 { print("") }  // keeps the loops from being optimised away
    }

    /// Best of five runs of `body`, in CPU seconds of the calling thread.
    static func bestCPU(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = cpuSeconds()
            body()
            best = min(best, cpuSeconds() - start)
        }
        return best
    }

    /// The plugin's style_descriptor, from its entry (called directly: the
    /// library is loaded already, this only reads its table).
    static func styleDescriptorFunction(_ path: String) throws -> UnsafeRawPointer {
        let handle = try require(dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD))
        let symbol = try require(dlsym(handle, "rh_entry"))
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafePointer<rh_entry_t>?).self)
        return unsafeBitCast(try require(entry()?.pointee.style_descriptor), to: UnsafeRawPointer.self)
    }
}
