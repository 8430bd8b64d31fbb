import Foundation
import Testing

/// refresh_host.h promises to be self-contained C99 that C++ can include too:
/// third parties compile it with compilers and modes we never use ourselves.
@Suite(.tags(.endToEnd)) struct HeaderTests {
    static let unit = """
        #include "refresh_host.h"
        int rh_header_compiles(const rh_host_t *host) { return host && RH_HAS_FIELD(host, rh_host_t, log); }

        """

    func compile(_ compiler: String, _ flags: [String], suffix: String) throws -> ProcessResult {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.path + "/unit." + suffix
        try Self.unit.write(toFile: file, atomically: true, encoding: .utf8)
        return try runProcess("/usr/bin/env", [compiler] + flags + ["-Wall", "-Wextra", "-Werror", "-pedantic",
                                              "-fsyntax-only", "-I", TestPaths.header, file])
    }

    @Test("compiles alone as strict C99 and C11 (gcc), and as C++11 and C++17 (g++)",
          arguments: [("cc", "-std=c99", "c"), ("cc", "-std=c11", "c"), ("g++", "-std=c++11", "cc"), ("g++", "-std=c++17", "cc")])
    func compiles(compiler: String, standard: String, suffix: String) throws {
        guard compiler == "cc" || FileManager.default.isExecutableFile(atPath: "/usr/bin/g++") else {
            print("skipped: g++ is not installed (make test installs it)")
            return
        }
        let result = try compile(compiler, [standard], suffix: suffix)
        #expect(result.status == 0, "\(compiler) \(standard): \(result.stderr)")
    }

    @Test("includes nothing but <stdbool.h>, <stddef.h> and <stdint.h>")
    func includes() throws {
        let header = try String(contentsOfFile: TestPaths.header + "/refresh_host.h", encoding: .utf8)
        let includes = header.split(separator: "\n").filter { $0.hasPrefix("#include") }.map(String.init)
        #expect(includes == ["#include <stdbool.h>", "#include <stddef.h>", "#include <stdint.h>"])
    }
}
