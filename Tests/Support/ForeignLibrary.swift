import Foundation

extension Fixture {
    /// A shared object for another machine: built by the toolchain's clang for
    /// `target` when it can, else (for aarch64 only) a copy of a bundled plugin
    /// with e_machine patched. nil when neither is possible.
    public static func foreignLibrary(in dir: String, target: String, patchMachine: UInt16?) throws -> String? {
        let output = dir + "/lib-\(target).so"
        try "int f(void) { return 1; }\n".write(toFile: dir + "/f.c", atomically: true, encoding: .utf8)
        let clang = "/opt/swift/usr/bin/clang"
        if FileManager.default.isExecutableFile(atPath: clang),
           try runProcess(clang, ["--target=\(target)", "-fPIC", "-shared", "-nostdlib", "-fuse-ld=lld", "-o", output,
                                  dir + "/f.c"]).status == 0 {
            return output
        }
        guard let patchMachine else { return nil }
        var data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bundledPlugin("libYahooStyle.so")))
        data[18] = UInt8(patchMachine & 0xFF)
        data[19] = UInt8(patchMachine >> 8)
        try data.write(to: URL(fileURLWithPath: output))
        return output
    }
}
