import RefreshDiscovery
import RefreshPluginRuntime
import RefreshWorker
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A walk given the folders' last listings (FolderListing) finds exactly what
/// a walk that reads every folder finds, whatever changed in between; and a
/// big folder located on two threads comes out in order, each file as the
/// file gate alone would answer for it.
@Suite struct FolderListingTests {
    let dir = TemporaryDirectory()
    var root: String { dir.path + "/plugins" }
    var elsewhere: String { dir.path + "/elsewhere" }
    var directories: [SearchDirectory] { [SearchDirectory(root, .option)] }

    /// What two walks must agree on, item by item.
    static func text(_ walk: PathWalk) -> [String] {
        walk.items.map { item in
            switch item {
            case let .refused(file, origin, reason): "refused \(file) \(origin.rawValue) \(reason)"
            case let .located(file, origin):
                "located \(file.path) \(file.resolved) \(file.identity.encoded) \(file.isLink) \(origin.rawValue)"
            }
        }
    }

    /// A small file: the walk looks at names and stats only, never at what a file holds.
    func write(_ path: String, _ text: String = "not a library") {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// Past RegistryCache.recentWindow: a folder changed before this may be trusted by its identity.
    func waitPastRecentWindow() { usleep(UInt32(RegistryCache.recentWindow / 1000) + 200_000) }

    @Test("a kept listing finds what a fresh read finds, after every kind of change, the folder's own or not")
    func keptListingsSeeEveryChange() throws {
        defer { dir.remove() }
        for folder in [root, root + "/Style", elsewhere] { mkdir(folder, 0o755) }
        write(root + "/liba.so")
        write(root + "/libb.so")
        write(root + "/Style/libs.so")
        write(root + "/README")
        symlink(elsewhere + "/target", root + "/Linked")  // names nothing yet
        waitPastRecentWindow()

        let first = PathWalk(directories: directories)
        let kept = first.listings
        #expect(kept.count == 1)
        #expect(kept.first?.files == ["Style/libs.so", "liba.so", "libb.so"])
        #expect(kept.first?.others.map(\.name).sorted() == ["Linked", "README", "Style"])
        #expect(Self.text(PathWalk(directories: directories, listings: kept)) == Self.text(first))

        var last = Self.text(first)
        func expectSeen(_ what: String, sameFolder: Bool) {
            let fresh = PathWalk(directories: directories)
            let reused = PathWalk(directories: directories, listings: kept)
            #expect(Self.text(reused) == Self.text(fresh), "\(what)")
            #expect(Self.text(fresh) != last, "\(what): the change shows")
            // The kept listing applied (the folder's identity is the kept one) exactly while the change was not the folder's own.
            #expect((FileIdentity.of(root) == kept.first?.identity) == sameFolder, "\(what)")
            last = Self.text(fresh)
        }

        // Changes that leave the folder's own names (and so its identity) as they were.
        let fd = open(root + "/liba.so", O_WRONLY | O_TRUNC)
        _ = Glibc.write(fd, "longer than it was", 18)
        close(fd)
        expectSeen("a file written over in place", sameFolder: true)
        write(root + "/Style/libt.so")
        expectSeen("a file added to a style folder", sameFolder: true)
        mkdir(elsewhere + "/target", 0o755)
        write(elsewhere + "/target/libl.so")
        expectSeen("a link that named nothing now names a style folder", sameFolder: true)
        rename(elsewhere + "/target", elsewhere + "/old")
        mkdir(elsewhere + "/target", 0o755)
        write(elsewhere + "/target/libm.so")
        expectSeen("a linked style folder replaced by another", sameFolder: true)

        // Changes to the folder's own names.
        write(root + "/libc.so")
        expectSeen("a file added", sameFolder: false)
        unlink(root + "/libb.so")
        expectSeen("a file removed", sameFolder: false)
        rename(root + "/liba.so", root + "/libz.so")
        expectSeen("a file renamed", sameFolder: false)
        unlink(root + "/README")
        mkdir(root + "/README", 0o755)
        write(root + "/README/libr.so")
        expectSeen("a file replaced by a style folder", sameFolder: false)
        // Within the recent window, nothing is offered for keeping (unless the machine took longer than it to walk).
        let before = RegistryCache.now()
        write(root + "/libd.so")
        let recent = PathWalk(directories: directories)
        #expect(recent.listings.isEmpty || recent.now - before > RegistryCache.recentWindow)
    }

    @Test("a listing whose folder has another identity now is not used at all")
    func staleListingIgnored() throws {
        defer { dir.remove() }
        mkdir(root, 0o755)
        write(root + "/liba.so")
        var info = stat()
        #expect(stat(root, &info) == 0)
        var identity = FileIdentity(info)
        identity.size += 1
        let stale = FolderListing(path: root, identity: identity, files: ["libghost.so"], others: [])
        let walk = PathWalk(directories: directories, listings: [stale])
        #expect(Self.text(walk) == Self.text(PathWalk(directories: directories)))
        #expect(walk.items.count == 1)
    }

    @Test("a folder of many files, some refused and one gone, is located in order, each as the file gate answers")
    func bigFolderInOrder() throws {
        defer { dir.remove() }
        mkdir(root, 0o755)
        let names = (0..<300).map { "lib\(String(1000 + $0).dropFirst()).so" }
        for name in names { write(root + "/" + name) }
        unlink(root + "/" + names[150])
        mkfifo(root + "/" + names[150], 0o644)
        chmod(root + "/" + names[200], 0o666)
        unlink(root + "/" + names[250])
        symlink(root + "/nowhere.so", root + "/" + names[250])
        let walk = PathWalk(directories: directories)
        let expected: [String] = SearchPath.pluginFiles(in: root).compactMap { file in
            switch FileGate.locate(file) {
            case .missing: nil
            case let .refused(why): "refused \(file) --plugin-path \(why)"
            case let .located(f): "located \(f.path) \(f.resolved) \(f.identity.encoded) \(f.isLink) --plugin-path"
            }
        }
        #expect(expected.count == 300)
        #expect(Self.text(walk) == expected)
        #expect(Self.text(walk).filter { $0.hasPrefix("refused") }.count == 3)
    }

    @Test("a listing read back is the one written; one naming what no folder read could is refused")
    func wireForm() throws {
        let identity = FileIdentity(device: 1, inode: 2, size: 3, mtimeSeconds: 4, mtimeNanoseconds: 5, ctimeSeconds: 6, ctimeNanoseconds: 7)
        let good = FolderListing(path: "/p", identity: identity, files: ["Style/libs.so", "liba.so"],
                                 others: [.init(name: "Style", folder: identity), .init(name: "README", folder: nil)])
        #expect(try FolderListing(wireBytes: good.wireBytes) == good)
        #expect(throws: WireError.self) { try FolderListing(wireBytes: good.wireBytes + [0]) }
        #expect(throws: WireError.self) { try FolderListing(wireBytes: Array(good.wireBytes.dropLast())) }
        let bad: [(String, FolderListing)] = [
            ("a relative folder", FolderListing(path: "p", identity: identity, files: [], others: [])),
            ("a way up", FolderListing(path: "/p", identity: identity, files: ["../liba.so"], others: [])),
            ("an absolute file", FolderListing(path: "/p", identity: identity, files: ["/liba.so"], others: [])),
            ("a hidden file", FolderListing(path: "/p", identity: identity, files: [".liba.so"], others: [])),
            ("not a .so", FolderListing(path: "/p", identity: identity, files: ["liba.txt"], others: [])),
            ("two folders down", FolderListing(path: "/p", identity: identity, files: ["Style/x/liba.so"],
                                               others: [.init(name: "Style", folder: identity)])),
            ("in a folder it does not list", FolderListing(path: "/p", identity: identity, files: ["README/liba.so"],
                                                           others: [.init(name: "README", folder: nil)])),
            ("a name with a slash", FolderListing(path: "/p", identity: identity, files: [], others: [.init(name: "a/b", folder: nil)])),
            ("an empty name", FolderListing(path: "/p", identity: identity, files: [], others: [.init(name: "", folder: nil)])),
        ]
        for (what, listing) in bad {
            #expect(throws: WireError.self, "\(what)") { try FolderListing(wireBytes: listing.wireBytes) }
        }
    }
}
