import Glibc

// libFuzzer's entry points. The target, one parser of untrusted bytes, is named by
// REFRESH_FUZZ_TARGET (see FuzzTarget), so one binary serves every corpus under Tests/Fuzz/.

/// libFuzzer's driver (in the runtime -sanitize=fuzzer links): runs the fuzzer with argv as its flags.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The program's entry. SwiftPM links a debug build's executable with `main` aliased to
/// `<module>_main` (so tests can import it), which keeps libFuzzer's own main out of the link;
/// this one hands over to libFuzzer's driver instead.
@_cdecl("refresh_host_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    if let folder = getenv("REFRESH_FUZZ_SEEDS").map({ String(cString: $0) }) {
        let plugin = getenv("REFRESH_FUZZ_PLUGIN").map { String(cString: $0) } ?? ""
        let style = getenv("REFRESH_FUZZ_STYLE").map { String(cString: $0) } ?? ""
        do {
            try FuzzSeeds.writeAll(to: folder, plugin: plugin, style: style)
            return 0
        } catch {
            print("seeds: \(error)")
            return 1
        }
    }
    FuzzTarget.selected.prepare()
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}
