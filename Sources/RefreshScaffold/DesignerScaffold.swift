#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RefreshPluginRuntime

/// `refresh-host new NAME --from FILE`: a style folder made from a designer's
/// file, with no code: a Lottie .json (the Lottie adapter plays it), or an
/// animated GIF or WebP, a PNG, or a folder of PNG frames (the frame-sequence
/// adapter loops it while refreshing). The folder is ready to validate,
/// install and ship; its README says how to add the other parts.
public struct DesignerScaffold: Sendable {
    /// What the designer's file is, by its first bytes (never by its name alone).
    enum Kind {
        case lottie, dotLottie, gif, webp, png
        case frames([String])

        var isDotLottie: Bool { if case .dotLottie = self { true } else { false } }

        var label: String {
            switch self {
            case .lottie: "Lottie animation"
            case .dotLottie: "dotLottie archive"
            case .gif: "animated GIF"
            case .webp: "animated WebP"
            case .png: "PNG"
            case .frames: "folder of PNG frames"
            }
        }
    }

    /// The largest designer's file `new` copies: bigger is not a refresh header.
    public static let maximumBytes = 32 << 20

    public var name: String
    /// The name shown (the Lottie file's refreshHost name): NAME, or the words of a derived one.
    public var displayName: String
    public var from: String
    public var directory: String
    public var id: String
    /// Whether the id was given (--id) rather than the placeholder.
    let idGiven: Bool
    /// A dotLottie archive's animation to play (--animation), instead of its manifest's first.
    public var animation: String?

    /// `defaultID`: the placeholder id when none is given (a derived name's; else com.example.<name>).
    public init(name: String, from: String, directory: String? = nil, id: String? = nil, displayName: String? = nil,
                defaultID: String? = nil, animation: String? = nil) {
        self.name = name
        self.animation = animation
        self.displayName = displayName ?? name
        self.from = from
        self.directory = directory ?? name
        self.id = id ?? defaultID ?? "com.example.\(name.lowercased())"
        idGiven = id != nil
    }

    /// Checks everything, then writes the folder; a failure half way leaves nothing.
    @discardableResult
    /// `namedByFile`: the Lottie file names its style itself (a refreshHost object), so the id is the file's.
    public func write() throws(ScaffoldError) -> (directory: String, files: [String], kind: String, namedByFile: Bool) {
        let (files, kind, namedByFile) = try filesAndKind()
        let folder = try ProjectWriter.writeAll(files, into: directory)
        return (folder, files.map(\.path), kind.label, namedByFile)
    }

    func filesAndKind() throws(ScaffoldError) -> ([GeneratedFile], Kind, Bool) {
        try Scaffold.checkName(name)
        try Scaffold.checkID(id)
        let kind = try Self.kind(of: from)
        if let animation, !kind.isDotLottie {
            throw ScaffoldError("--animation \(animation): --from \(from) is a \(kind.label), not a dotLottie archive (.lottie) with animations to choose from")
        }
        var files: [GeneratedFile]
        // Whether the designer's Lottie file names its style itself (checked before one is added).
        var own = false
        switch kind {
        case .lottie:
            let original = try Self.read(from)
            own = String(decoding: original, as: UTF8.self).contains("\"refreshHost\"")
            files = [GeneratedFile(path: name.lowercased() + ".json", bytes: try lottie(original))]
        case .dotLottie:
            // A zip: no refreshHost object can go in, so the id is the adapter's, from the file name.
            guard !idGiven else {
                throw ScaffoldError("--id \(id): `new` cannot write a refreshHost object into a dotLottie archive; its id is its animation's own, or lottie.\(name.lowercased()) (or extract its animation and use the .json)")
            }
            files = [GeneratedFile(path: name.lowercased() + ".lottie", bytes: try dotLottie(Self.read(from)))]
            own = true
        case .gif, .webp, .png:
            let ext = kind.label.hasSuffix("GIF") ? "gif" : kind.label.hasSuffix("WebP") ? "webp" : "png"
            files = [GeneratedFile(path: "refreshing." + ext, bytes: try Self.read(from)), iniFile()]
        case let .frames(names):
            files = try names.map { name throws(ScaffoldError) in GeneratedFile(path: "refreshing/" + name, bytes: try Self.read(from + "/" + name)) }
            files.append(iniFile())
        }
        files.append(GeneratedFile(path: "README.md", contents: readme(kind, namedByFile: own)))
        return (files, kind, own)
    }

    /// The Lottie file with a `refreshHost` object naming the style, put
    /// first in its top-level object (players ignore keys they do not know);
    /// one that has its own is kept as it is.
    private func lottie(_ bytes: [UInt8]) throws(ScaffoldError) -> [UInt8] {
        guard let open = bytes.firstIndex(where: { !" \t\r\n".utf8.contains($0) }), bytes[open] == UInt8(ascii: "{") else {
            throw ScaffoldError("--from \(from): not a Lottie file (it does not start with a JSON object)", kind: .notFound)
        }
        if String(decoding: bytes, as: UTF8.self).contains("\"refreshHost\"") {
            // The designer named the style in the file: an --id would be silently lost.
            guard !idGiven else {
                throw ScaffoldError("--id \(id): --from \(from) names its style itself (its refreshHost object): change the id there, or leave out --id")
            }
            return bytes
        }
        let object = "\"refreshHost\":{\"id\":\"\(id)\",\"name\":\"\(displayName)\"}"
        let close = bytes[(open + 1)...].first(where: { !" \t\r\n".utf8.contains($0) })
        let insert = Array((close == UInt8(ascii: "}") ? object : object + ",").utf8)
        return Array(bytes[...open]) + insert + Array(bytes[(open + 1)...])
    }

    /// The archive as it is, or with --animation's animation first in its
    /// manifest (the one the adapter plays); an id it does not hold is one
    /// line naming the file and the ids it has.
    private func dotLottie(_ bytes: [UInt8]) throws(ScaffoldError) -> [UInt8] {
        guard let animation else { return bytes }
        let archive = try DotLottieArchive(bytes: bytes, path: from)
        guard archive.animationIDs.contains(animation) else {
            let ids = archive.animationIDs.map { "\"\($0)\"" }.joined(separator: ", ")
            throw ScaffoldError("--animation \(animation): \(from) has no animation \"\(animation)\"; its animations are \(ids)")
        }
        return archive.choosing(animation)
    }

    private func iniFile() -> GeneratedFile {
        GeneratedFile(path: "style.ini", contents: """
            # The style's settings (see the FrameSequence adapter's README for every key).
            id = \(id)
            name = \(name)

            """)
    }

    private func readme(_ kind: Kind, namedByFile: Bool) -> String {
        // A Lottie file that names itself keeps its own id (its refreshHost object).
        // So does an archive whose animation has one; else the adapter names it from the archive's file.
        let id = namedByFile || kind.isDotLottie ? "ID" : self.id
        let parts: String
        switch kind {
        case .dotLottie:
            parts = """
                The animation is `\(name.lowercased()).lottie`, a dotLottie archive: RefreshHost plays the first \
                animation its manifest lists\(animation.map { " (`\($0)`, chosen with --animation)" } ?? ""), with its \
                markers as in a Lottie .json (docs/designers.md).
                """
        case .lottie:
            parts = """
                The animation is `\(name.lowercased()).json`. Its markers say what plays when: `pull` (scrubbed as the \
                list is pulled), `armed`, `loop` (once per refresh cycle), `exit`, `success` and `failure`. Without \
                markers the whole animation loops and the pull scrubs its first half. See docs/designers.md in \
                RefreshHost's documentation.
                """
        default:
            parts = """
                The frames are `\(kind.label == "folder of PNG frames" ? "refreshing/" : "refreshing.*")`: they loop while the \
                list refreshes. Add `pulling` (scrubbed as the list is pulled), `idle`, `armed`, `exit`, `success` or \
                `failure` the same way (a folder of PNG frames, or one .gif, .webp or .png each), and set `fps`, `scale` \
                and `height` in `style.ini` (the FrameSequence adapter's README lists every key).
                """
        }
        return """
            # \(name)

            A RefreshHost pull-to-refresh style made from a \(kind.label), with no code \(kind.isDotLottie
                ? "(its id is its animation's refreshHost id when it has one, else `lottie.\(name.lowercased())` from the archive's file name; `refresh-host info .` shows it)"
                : namedByFile ? "(its id is the one in the file's refreshHost object; `refresh-host list` shows it)"
                : "(style id `\(id)`)").

            \(parts)

            Check it, look at it, install it:

                refresh-host validate .
                refresh-host install .
                refresh-host render \(id) --out \(name.lowercased()).gif
                refresh-host remove \(id)

            """
    }

    /// A Lottie file, a GIF, WebP or PNG, or a folder of PNG frames, by content.
    static func kind(of path: String) throws(ScaffoldError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ScaffoldError("--from \(path): no such file or folder", kind: .notFound) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let names = (FilePaths.entries(of: path) ?? []).filter { $0.lowercased().hasSuffix(".png") }.sorted(by: naturalOrder)
            guard !names.isEmpty else { throw ScaffoldError("--from \(path): a folder with no PNG frames (*.png)", kind: .notFound) }
            for name in names where try !isPNG(path + "/" + name) {
                throw ScaffoldError("--from \(path)/\(name): not a PNG file", kind: .notFound)
            }
            return .frames(names)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ScaffoldError("--from \(path): not a file or a folder", kind: .notFound) }
        let head = try read(path, limit: 16)
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.starts(with: pngSignature) { return .png }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]), path.lowercased().hasSuffix(".lottie") { return .dotLottie }
        if head.first(where: { !" \t\r\n".utf8.contains($0) }) == UInt8(ascii: "{") { return .lottie }
        throw ScaffoldError("--from \(path): not a Lottie .json, GIF, WebP, PNG or folder of PNG frames", kind: .notFound)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isPNG(_ path: String) throws(ScaffoldError) -> Bool { try read(path, limit: 8) == pngSignature }

    /// frame2 before frame10.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        func parts(_ s: String) -> [(String, Int?)] {
            var out: [(String, Int?)] = []
            var current = ""
            var digits = false
            for c in s {
                if c.isASCII && c.isNumber != digits && !current.isEmpty {
                    out.append((current, digits ? Int(current) : nil))
                    current = ""
                }
                digits = c.isASCII && c.isNumber
                current.append(c)
            }
            if !current.isEmpty { out.append((current, digits ? Int(current) : nil)) }
            return out
        }
        for (x, y) in zip(parts(a), parts(b)) where x.0 != y.0 {
            if let m = x.1, let n = y.1, m != n { return m < n }
            return x.0 < y.0
        }
        return a.count < b.count
    }

    /// At most `limit` bytes of a regular file (the whole file within maximumBytes when no limit).
    static func read(_ path: String, limit: Int? = nil) throws(ScaffoldError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ScaffoldError("--from \(path): \(String(cString: strerror(errno)))", kind: .notFound) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw ScaffoldError("--from \(path): not a regular file", kind: .notFound) }
        guard limit != nil || info.st_size <= maximumBytes else {
            throw ScaffoldError("--from \(path): \(info.st_size >> 20) MiB, more than a refresh header's \(maximumBytes >> 20) MiB", kind: .notFound)
        }
        let want = min(Int(info.st_size), limit ?? Int(info.st_size))
        var bytes = [UInt8](repeating: 0, count: want)
        var done = 0
        while done < want {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, want - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[..<done])
    }
}
