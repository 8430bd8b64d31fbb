import Foundation
import RefreshOutput
import RefreshTestSupport
import Testing

/// Outputs are written beside their target and renamed into place: the old
/// file stays until the new one is complete, and nothing partial is left.
struct AtomicFileTests {
    func contents(_ dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func replacesTheTargetAndLeavesNoTemporary() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/out.txt"
        try AtomicFile.write("old", to: target)
        try AtomicFile.write("new", to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try contents(dir) == ["out.txt"])
        let mask = umask(0)
        umask(mask)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int)
        #expect(mode == 0o644 & ~Int(mask))
    }

    @Test func aFailingWriterLeavesTheOldFileAndNoTemporary() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/out.gif"
        try AtomicFile.write("old", to: target)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try AtomicFile.write(to: target) { temporary in
                try "half".write(toFile: temporary, atomically: false, encoding: .utf8)
                #expect(temporary.hasPrefix(dir.path + "/.out.gif.tmp-"))
                throw Boom()
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(try contents(dir) == ["out.gif"])
    }

    @Test func anEmptyResultIsRefused() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/out.png"
        try AtomicFile.write("old", to: target)
        #expect(throws: OutputError.self) { try AtomicFile.write(to: target) { _ in } }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(try contents(dir) == ["out.png"])
    }

    @Test func droppingAnUncommittedFileRemovesItsTemporary() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let file = try AtomicFile(target: dir.path + "/x.webp")
            try file.writeAll([1, 2, 3])
            #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        }
        #expect(try contents(dir).isEmpty)
    }

    @Test func errorsNameTheTargetInOneLine() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            try AtomicFile.write("x", to: dir.path + "/missing/out.html")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.message == "\(dir.path)/missing/out.html: cannot write: No such file or directory")
        }
        #expect(throws: OutputError.self) { try AtomicFile.write("x", to: dir.path) }
    }
}

extension AtomicFileTests {
    @Test func aSupervisorRemovesTheTemporariesOfAKilledWriter() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let target = dir.path + "/a.webp"
        try AtomicFile.write("old", to: target)
        for name in [".a.webp.tmp-123-0badf00d", ".a.webp.tmp-456-12345678", ".b.webp.tmp-1-00000000"] {
            _ = FileManager.default.createFile(atPath: dir.path + "/" + name, contents: Data("partial".utf8))
        }
        AtomicFile.removeTemporaries(of: target)
        #expect(try contents(dir) == [".b.webp.tmp-1-00000000", "a.webp"])
    }

    @Test("a symbolic link stays a link: the file it leads to is replaced, through a chain and a dangling link too")
    func followsLinks() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try AtomicFile.write("old", to: dir.path + "/real.txt")
        #expect(symlink("real.txt", dir.path + "/link.txt") == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/sub", withIntermediateDirectories: false)
        #expect(symlink("../link.txt", dir.path + "/sub/chain.txt") == 0)
        #expect(symlink("later.txt", dir.path + "/dangling.txt") == 0)
        try AtomicFile.write("new", to: dir.path + "/sub/chain.txt")
        try AtomicFile.write("made", to: dir.path + "/dangling.txt")
        #expect(try String(contentsOfFile: dir.path + "/real.txt", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: dir.path + "/later.txt", encoding: .utf8) == "made")
        for link in ["link.txt", "sub/chain.txt", "dangling.txt"] {
            let kind = try FileManager.default.attributesOfItem(atPath: dir.path + "/" + link)[.type] as? FileAttributeType
            #expect(kind == .typeSymbolicLink, "\(link)")
        }
        #expect(try contents(dir) == ["dangling.txt", "later.txt", "link.txt", "real.txt", "sub"])
    }

    @Test("a FIFO is written directly and stays a FIFO: a reader gets the bytes")
    func writesAFIFO() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.path + "/out.fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        let file = try AtomicFile(target: fifo)
        #expect(file.isDirect)
        try file.writeAll(Array("through the fifo".utf8))
        try file.commit()
        let got = pipe.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(String(decoding: got, as: UTF8.self) == "through the fifo")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
