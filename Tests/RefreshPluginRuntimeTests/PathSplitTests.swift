@testable import RefreshPluginRuntime
import Testing

/// The gate's path split, at the last "/" in the bytes: the folder and the name as the
/// String index search gave them, for every shape of path.
@Suite struct PathSplitTests {
    @Test("folder and name of absolute, relative, root, bare and non-ASCII paths")
    func shapes() {
        let cases: [(String, String, String)] = [
            ("/usr/lib/libA.so", "/usr/lib", "libA.so"),
            ("/libA.so", "/", "libA.so"),
            ("/", "/", ""),
            ("libA.so", ".", "libA.so"),
            ("", ".", ""),
            ("plugins/", "plugins", ""),
            ("./x/y", "./x", "y"),
            ("/tmp/é€😀/lib\u{1B}[7m.so", "/tmp/é€😀", "lib\u{1B}[7m.so"),
            ("a//b", "a/", "b"),
        ]
        for (path, folder, name) in cases {
            #expect(FileGate.split(path) == (folder, name), "\(path)")
            #expect(FileGate.parent(of: path) == folder, "\(path)")
        }
    }
}
