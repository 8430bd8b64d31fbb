import Foundation
import RefreshPluginRuntime
import Testing

/// The file gate: every file a loader would choke on is refused with one
/// line, before dlopen sees it.
@Suite struct FileGateTests {
    /// A refusal is one line; the caller names the file, so the reason does not need to.
    func expectRefused(_ path: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let reason = FileGate.check(path)
        #expect(reason == expected, sourceLocation: sourceLocation)
        #expect(reason?.contains("\n") == false, sourceLocation: sourceLocation)
    }

    func copy(_ source: String, to target: String, bytes: Int? = nil) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: source))
        if let bytes { data = data.prefix(bytes) }
        try data.write(to: URL(fileURLWithPath: target))
    }

    @Test("a bundled plugin and a link to it pass the gate")
    func admitted() throws {
        #expect(FileGate.check(TestPaths.bundledPlugin("libYahooStyle.so")) == nil)
        #expect(FileGate.check(TestPaths.bundledPlugin("libYelpStyle.so")) == nil)  // a symlink to ../../libYelpStyle.so
    }

    @Test("files that are not regular files: a FIFO, a folder, a socket, links that loop, dangle or lead to /dev/zero")
    func notRegular() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.path + "/fifo.so"
        #expect(mkfifo(fifo, 0o644) == 0)
        expectRefused(fifo, "a FIFO (named pipe), not a regular file")
        try FileManager.default.createDirectory(atPath: dir.path + "/x.so", withIntermediateDirectories: false)
        expectRefused(dir.path + "/x.so", "a folder, not a regular file")
        let socketPath = dir.path + "/sock.so"
        let sock = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(sock) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(sock, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        expectRefused(socketPath, "a socket, not a regular file")
        #expect(symlink("loop2.so", dir.path + "/loop1.so") == 0)
        #expect(symlink("loop1.so", dir.path + "/loop2.so") == 0)
        expectRefused(dir.path + "/loop1.so", "a symbolic link loop (it points to \(dir.path)/loop2.so)")
        #expect(symlink("missing.so", dir.path + "/dangling.so") == 0)
        expectRefused(dir.path + "/dangling.so", "a symbolic link to \(dir.path)/missing.so, which does not exist")
        #expect(symlink("/dev/zero", dir.path + "/zero.so") == 0)
        expectRefused(dir.path + "/zero.so", "a symbolic link to /dev/zero, a character device, not a regular file")
        #expect(FileGate.check(dir.path + "/nothing.so") == "no such file")
    }

    @Test("a FIFO never blocks a load: PluginLibrary refuses it at once")
    func fifoDoesNotBlock() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.path + "/libfifo.so"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: LoadError(fifo, .refused("a FIFO (named pipe), not a regular file"))) {
            try PluginLibrary(path: fifo, dispatcher: PluginDispatcher())
        }
    }

    @Test("ELF headers: empty, truncated (the first 3000 bytes of a style), another machine, 32-bit, executables")
    func headers() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let empty = dir.path + "/empty.so"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        expectRefused(empty, "an empty file (0 bytes)")

        let yahoo = TestPaths.bundledPlugin("libYahooStyle.so")
        let size = try #require(FileManager.default.attributesOfItem(atPath: yahoo)[.size] as? Int)
        let truncated = dir.path + "/truncated.so"
        try copy(yahoo, to: truncated, bytes: 3000)
        let reason = try #require(FileGate.check(truncated))
        #expect(reason.hasPrefix("truncated: 3000 bytes, its headers need "), "\(reason)")
        #expect(Int(reason.split(separator: " ").last ?? "") ?? 0 <= size, "\(reason)")
        // The loader would die of SIGBUS; through the gate it is an ordinary error.
        #expect(throws: LoadError.self) { try PluginLibrary(path: truncated, dispatcher: PluginDispatcher()) }
        let header = dir.path + "/header.so"
        try copy(yahoo, to: header, bytes: 40)
        expectRefused(header, "truncated: 40 bytes, its ELF header needs 64")

        let arm = try #require(try Fixture.foreignLibrary(in: dir.path, target: "aarch64-linux-gnu", patchMachine: 183))
        expectRefused(arm, "built for aarch64; this host is x86_64")
        let i386 = try Fixture.foreignLibrary(in: dir.path, target: "i386-linux-gnu", patchMachine: nil)
        if let i386 { expectRefused(i386, "built for i386 (32-bit); this host is x86_64") }

        try "int main(void) { return 0; }\n".write(toFile: dir.path + "/main.c", atomically: true, encoding: .utf8)
        let exe = dir.path + "/exe.so"
        #expect(try runProcess("/usr/bin/env", ["cc", "-no-pie", "-o", exe, dir.path + "/main.c"]).status == 0)
        expectRefused(exe, "an ELF executable, not a shared library")
        let pie = dir.path + "/pie.so"
        #expect(try runProcess("/usr/bin/env", ["cc", "-pie", "-fPIE", "-o", pie, dir.path + "/main.c"]).status == 0)
        expectRefused(pie, "a position-independent executable, not a shared library")
        let object = dir.path + "/object.so"
        #expect(try runProcess("/usr/bin/env", ["cc", "-c", "-o", object, dir.path + "/main.c"]).status == 0)
        expectRefused(object, "an ELF relocatable object (.o), not a shared library")
    }

    @Test("StrictModes: a world-writable file or folder, or one another user owns, is refused; sticky /tmp is fine")
    func strictModes() throws {
        let dir = TemporaryDirectory()  // under /tmp: world-writable but sticky, so accepted
        defer { dir.remove() }
        let plugin = try Fixture.build("valid_minimal", into: dir.path)
        #expect(FileGate.check(plugin) == nil)

        #expect(chmod(plugin, 0o666) == 0)
        expectRefused(plugin, "world-writable (mode 0666): anyone could replace the plugin")
        #expect(chmod(plugin, 0o755) == 0)

        let open = dir.path + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        let inside = try Fixture.build("valid_minimal", into: open)
        #expect(chmod(open, 0o777) == 0)
        expectRefused(inside, "its folder \(open) is world-writable (mode 0777): anyone could replace the plugin")
        #expect(chmod(open, 0o1777) == 0)
        #expect(FileGate.check(inside) == nil)
        // A link in a world-writable folder could be pointed elsewhere: its folder counts too.
        let link = open + "/link.so"
        #expect(symlink(plugin, link) == 0)
        #expect(chmod(open, 0o777) == 0)
        expectRefused(link, "a symbolic link to \(plugin), its folder \(open) is world-writable (mode 0777): anyone could replace the plugin")

        // Another owner needs root to arrange; as anyone else, the case cannot be made.
        if getuid() == 0 {
            #expect(chown(plugin, 65534, 65534) == 0)
            let name = getpwuid(65534).map { String(cString: $0.pointee.pw_name) }
            expectRefused(plugin, "owned by \(name.map { "user \($0) (uid 65534)" } ?? "uid 65534"), not by you or root")
        }
    }

    @Test("a memo shared along a folder's files answers as a fresh one does: plain files, a link, a folder reached through a link, odd names")
    func memoAnswersAlike() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let real = dir.path + "/real", linked = dir.path + "/linked"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        symlink(real, linked)
        let plugin = TestPaths.bundledPlugin("libYahooStyle.so")
        for name in ["a.so", "b.so", "..so", "c d.so"] { try copy(plugin, to: real + "/" + name) }
        symlink(real + "/a.so", real + "/link.so")
        mkfifo(real + "/fifo.so", 0o600)
        let paths = ["a.so", "b.so", "..so", "c d.so", "link.so", "fifo.so"].flatMap { [real + "/" + $0, linked + "/" + $0] }
            + [real + "/./a.so", real + "/../real/b.so", real + "/a.so"]
        let memo = FileGate.Memo()
        for path in paths {
            let shared = FileGate.locate(path, memo: memo)
            #expect(shared == FileGate.locate(path), "\(path)")
        }
        guard case let .located(file) = FileGate.locate(linked + "/b.so", memo: memo) else { Issue.record("not located"); return }
        #expect(file.resolved == real + "/b.so" && file.path == linked + "/b.so")
    }

    @Test("plainIdentity answers exactly for the files locate finds where they are, in a canonical folder; nil for every other")
    func plainIdentityAgreesWithLocate() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let real = dir.path + "/real", linked = dir.path + "/linked", open = dir.path + "/open"
        for folder in [real, open] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        chmod(open, 0o777)
        symlink(real, linked)
        let plugin = TestPaths.bundledPlugin("libYahooStyle.so")
        for name in ["a.so", "b.so", "..so", "wide.so"] { try copy(plugin, to: real + "/" + name) }
        try copy(plugin, to: open + "/a.so")
        chmod(real + "/wide.so", 0o666)
        symlink(real + "/a.so", real + "/link.so")
        mkfifo(real + "/fifo.so", 0o600)
        let memo = FileGate.Memo()
        var plain = 0
        for folder in [real, linked, open] {
            for name in ["a.so", "b.so", "..so", "wide.so", "link.so", "fifo.so"] {
                let path = folder + "/" + name
                var link = stat()
                guard lstat(path, &link) == 0 else { continue }
                let fast = FileGate.plainIdentity(link, directlyIn: folder, memo: memo)
                let isPlain: Bool
                if case let .located(file) = FileGate.locate(path), !file.isLink, file.resolved == path {
                    isPlain = true
                    #expect(fast == file.identity, "\(path)")
                } else {
                    isPlain = false
                    #expect(fast == nil, "\(path)")
                }
                if isPlain { plain += 1 }
            }
        }
        // a.so, b.so and ..so in the real folder; nothing reached through the link, in the open folder, or refused.
        #expect(plain == 3)
    }
}
