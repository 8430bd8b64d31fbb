import Foundation
import RefreshTestSupport
import Synchronization

/// What the matrix builds once, in one temporary folder: the process keeper
/// (cell_runner), each hostile case's fixture, the raw material of the bad
/// files, and a small install for the gallery cells.
final class HostileBuild: Sendable {
    let root: String
    let runner: String
    /// `bin/refresh-host` (a hard link to the built CLI, or a copy) beside a
    /// `bin/plugins` holding one bundled C style: the gallery's search path is
    /// then the bad file and Yahoo, not all eight styles.
    let smallCLI: String
    static let smallPathStyle = "com.refreshhost.yahoo"

    var hostileSource: String { TestPaths.fixtures + "/hostile/hostile.c" }

    init(cases: [HostileCase]) throws {
        root = NSTemporaryDirectory() + "refresh-host-hostile-" + UUID().uuidString.prefix(8)
        let fm = FileManager.default
        for folder in ["build", "material", "marks", "cells", "small/bin/plugins"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        runner = root + "/build/cell_runner"
        try Self.compile(["cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", runner,
                          TestPaths.fixtures + "/hostile/cell_runner.c"])

        smallCLI = root + "/small/bin/refresh-host"
        if link(TestPaths.cli, smallCLI) != 0 { try fm.copyItem(atPath: TestPaths.cli, toPath: smallCLI) }
        try fm.createSymbolicLink(atPath: root + "/small/bin/plugins/libYahooStyle.so",
                                  withDestinationPath: TestPaths.bundledPlugin("libYahooStyle.so"))

        // Every fixture, two compilers' worth at a time (the machine's cores).
        let plugins = cases.filter { $0.styleID != nil }
        let failures = Shared<[String]>([])
        DispatchQueue.concurrentPerform(iterations: plugins.count) { index in
            do { try self.buildFixture(plugins[index]) } catch {
                failures.withLock { $0.append("\(plugins[index].name): \(error)") }
            }
        }
        let failed = failures.withLock { $0 }
        if !failed.isEmpty { throw FixtureError(message: failed.joined(separator: "\n")) }
        try buildMaterial()
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Where a case's fixture leaves its "reached" marks (compiled in: see hostile.c).
    func markDirectory(_ item: HostileCase) -> String { root + "/marks/" + item.name }

    /// The built fixture, or the raw material of a bad file.
    func builtFile(_ item: HostileCase) -> String {
        item.styleID != nil ? root + "/build/" + item.fileName : root + "/material/" + item.fileName
    }

    private func buildFixture(_ item: HostileCase) throws {
        guard case let .plugin(at, does) = item.kind else { return }
        try FileManager.default.createDirectory(atPath: markDirectory(item), withIntermediateDirectories: true)
        _ = try Fixture.build("hostile/hostile", into: root + "/build", output: "hostile_\(at.rawValue)_\(does.rawValue)",
                              extraFlags: ["-DHOSTILE_AT=\(at.rawValue)", "-DHOSTILE_DO=\(does.rawValue)",
                                           "-DHOSTILE_MARK_DIR=\"\(markDirectory(item))\""])
    }

    /// The bad files that are made once and copied into each cell.
    private func buildMaterial() throws {
        let material = root + "/material/"
        let fm = FileManager.default
        let harmless = try Fixture.build("hostile/hostile", into: root + "/build", output: "hostile_none_none",
                                         extraFlags: ["-DHOSTILE_AT=none", "-DHOSTILE_DO=none"])
        func name(_ file: FileCase) -> String { material + HostileCase(kind: .file(file)).fileName }

        // The first 3000 bytes of a real plugin: a valid ELF header whose
        // program headers and sections point past the end of the file.
        let yahoo = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bundledPlugin("libYahooStyle.so")))
        try yahoo.prefix(3000).write(to: URL(fileURLWithPath: name(.truncated_elf)))

        // Another architecture: Swift's clang and lld can target aarch64 here
        // (other_arch.c is freestanding, as the cross build has no libc), which
        // gives a real aarch64 plugin. Where they cannot, a real x86_64 plugin
        // with e_machine patched to 183 (EM_AARCH64) says the same in its header.
        let target = {
            #if arch(x86_64)
            "aarch64-linux-gnu"
            #else
            "x86_64-linux-gnu"
            #endif
        }()
        let cross = try? runProcess("/usr/bin/env", [
            "/opt/swift/usr/bin/clang", "--target=\(target)", "-ffreestanding", "-nostdlib", "-fuse-ld=lld", "-std=c11",
            "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared", "-I" + TestPaths.header,
            "-o", name(.other_arch), TestPaths.fixtures + "/hostile/other_arch.c"])
        if cross?.status != 0 {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: harmless))
            #if arch(x86_64)
            bytes[18] = 183  // e_machine, little-endian u16 at offset 18
            #else
            bytes[18] = 62  // EM_X86_64
            #endif
            bytes[19] = 0
            try bytes.write(to: URL(fileURLWithPath: name(.other_arch)))
        }

        // An ELF executable (position-independent, as Debian builds them) named like a plugin.
        try fm.copyItem(atPath: "/usr/bin/true", toPath: name(.elf_executable))

        // A plugin whose DT_NEEDED names a library that no longer exists: built
        // against libhostile_gone.so, which is then deleted (and was never on
        // the loader's path anyway).
        try "int hostile_gone(void) { return 1; }\n".write(toFile: material + "gone.c", atomically: true, encoding: .utf8)
        try Self.compile(["cc", "-std=c11", "-fPIC", "-shared", "-o", material + "libhostile_gone.so", material + "gone.c"])
        try Self.compile(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-fvisibility=hidden", "-shared",
                          "-I" + TestPaths.header, "-DHOSTILE_AT=none", "-DHOSTILE_DO=none", "-o", name(.missing_dependency),
                          hostileSource, "-L" + material, "-Wl,--no-as-needed", "-lhostile_gone"])
        try fm.removeItem(atPath: material + "libhostile_gone.so")

        // A valid plugin, but anyone may rewrite it (chmod 0666 in the cell).
        try fm.copyItem(atPath: harmless, toPath: name(.world_writable))
    }

    /// Puts the case's bad file (or files) into an empty plugin folder.
    func place(_ item: HostileCase, in folder: String) throws {
        let path = folder + "/" + item.fileName
        let fm = FileManager.default
        switch item.kind {
        case .plugin:
            try fm.copyItem(atPath: builtFile(item), toPath: path)
            chmod(path, 0o755)
        case let .file(file):
            switch file {
            case .fifo:
                guard mkfifo(path, 0o644) == 0 else { throw FixtureError(message: "mkfifo \(path): errno \(errno)") }
            case .folder:
                try fm.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .symlink_loop:
                try fm.createSymbolicLink(atPath: path, withDestinationPath: FileCase.symlinkLoopPartner)
                try fm.createSymbolicLink(atPath: folder + "/" + FileCase.symlinkLoopPartner,
                                          withDestinationPath: item.fileName)
            case .symlink_dev_zero:
                try fm.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .empty:
                guard fm.createFile(atPath: path, contents: Data()) else { throw FixtureError(message: "create \(path)") }
            case .world_writable:
                try fm.copyItem(atPath: builtFile(item), toPath: path)
                chmod(path, 0o666)
            case .truncated_elf, .other_arch, .elf_executable, .missing_dependency:
                try fm.copyItem(atPath: builtFile(item), toPath: path)
                chmod(path, 0o755)
            }
        }
    }

    private static func compile(_ command: [String]) throws {
        let result = try runProcess("/usr/bin/env", command)
        guard result.status == 0 else {
            throw FixtureError(message: "\(command.joined(separator: " ")) failed: \(result.stderr)")
        }
    }
}

/// A value several threads share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: sending Value) { mutex = Mutex(value) }
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
