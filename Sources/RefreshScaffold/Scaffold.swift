#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RefreshPluginRuntime

/// The language of a generated plugin project.
public enum ScaffoldLanguage: String, CaseIterable, Sendable {
    case c, swift
}

/// A mistake in what `new` was asked to do, or a folder it cannot write:
/// one line, naming the value, and which kind of failure it is, so the
/// command can give the exit status docs/cli.md assigns to it.
public struct ScaffoldError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// A value the user gave is wrong (a name, an id, options that conflict).
        case usage
        /// The designer's file (--from) is missing, unreadable or not one `new` reads.
        case notFound
        /// The project's folder or a file in it could not be written.
        case output
    }

    public var description: String
    public var kind: Kind
    public init(_ description: String, kind: Kind = .usage) {
        self.description = description
        self.kind = kind
    }
}

/// One file of a generated project, relative to its folder: text, or the
/// bytes of a designer's file copied in.
struct GeneratedFile {
    var path: String
    var bytes: [UInt8]

    init(path: String, contents: String) {
        self.path = path
        bytes = Array(contents.utf8)
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    var contents: String { String(decoding: bytes, as: UTF8.self) }
}

/// The names a project is made of, derived once from NAME and the id.
struct ProjectNames {
    var name: String
    var id: String
    var lowercased: String { name.lowercased() }
    var library: String { "lib\(name).so" }
}

/// `refresh-host new`: checks the request, then writes a small plugin project
/// that builds with one command. Nothing is written unless everything checks,
/// and a failure half way removes what was written.
public struct Scaffold: Sendable {
    public static let maxNameLength = 40
    /// Names that would clash with a module or type the generated Swift code
    /// uses (refused for both languages, so a name works in either).
    static let reservedNames: Set<String> = ["Refresh", "RefreshStyleKit", "RefreshHostABI", "Swift", "SwiftShims", "Glibc"]

    public var name: String
    public var language: ScaffoldLanguage
    /// The project folder; relative paths are taken from the current directory.
    public var directory: String
    public var id: String
    /// The installed RefreshStyleKit package folder (Swift only).
    public var kit: String?

    public init(name: String, language: ScaffoldLanguage, directory: String? = nil, id: String? = nil,
                kit: String? = nil) {
        self.name = name
        self.language = language
        self.directory = directory ?? name
        self.id = id ?? "com.example.\(name.lowercased())"
        self.kit = kit
    }

    /// NAME: an ASCII letter, then letters and digits, at most 40.
    public static func checkName(_ name: String) throws(ScaffoldError) {
        let bytes = Array(name.utf8)
        func letter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
        func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        guard let first = bytes.first, letter(first), bytes.allSatisfy({ letter($0) || digit($0) }),
              bytes.count <= maxNameLength else {
            throw ScaffoldError("name '\(name)' is not valid: use an ASCII letter, then letters and digits (at most \(maxNameLength)), e.g. Bubbles")
        }
        guard !reservedNames.contains(name) else {
            throw ScaffoldError("name '\(name)' is reserved: it clashes with a module the plugin uses; pick another")
        }
    }

    /// The style id: reverse-DNS, as the host requires of every descriptor.
    public static func checkID(_ id: String) throws(ScaffoldError) {
        guard StyleDescriptor.isReverseDNS(id) else {
            throw ScaffoldError("--id '\(id)' is not a reverse-DNS id such as com.example.bubbles (dot-separated labels of letters, digits, '-' and '_')")
        }
        // The bundled styles' prefix: a third party's style there would pass for one of ours.
        let lowered = id.lowercased()
        if lowered == reservedPrefix.dropLast() || lowered.hasPrefix(reservedPrefix) {
            throw ScaffoldError("--id '\(id)': \(reservedPrefix)* is RefreshHost's own prefix for its bundled styles; use a reverse-DNS name you own, such as com.yourcompany.\(lowered.split(separator: ".").last ?? "style")")
        }
    }

    /// The reverse-DNS prefix of the bundled styles, which `new` does not hand out.
    public static let reservedPrefix = "com.refreshhost."

    /// The kit folder must hold the installed package.
    public static func checkKit(_ kit: String?) throws(ScaffoldError) -> String {
        guard let kit else {
            throw ScaffoldError("the Swift kit (RefreshStyleKit) is not installed: install RefreshHost with make install, or set REFRESH_HOST_SWIFT_KIT")
        }
        guard access(kit + "/Package.swift", R_OK) == 0 else {
            throw ScaffoldError("the Swift kit (RefreshStyleKit) is not installed: no \(kit)/Package.swift (install RefreshHost with make install, or set REFRESH_HOST_SWIFT_KIT)")
        }
        return kit
    }

    /// The files this request makes, relative to the project folder.
    func files() throws(ScaffoldError) -> [GeneratedFile] {
        try Self.checkName(name)
        try Self.checkID(id)
        let names = ProjectNames(name: name, id: id)
        switch language {
        case .c: return CTemplate.files(names)
        case .swift: return SwiftTemplate.files(names, kit: try Self.checkKit(kit))
        }
    }

    /// Checks everything, then writes the project. Returns the absolute
    /// folder and the files written (relative to it), in writing order.
    @discardableResult
    public func write() throws(ScaffoldError) -> (directory: String, files: [String]) {
        let files = try files()
        return (try ProjectWriter.writeAll(files, into: directory), files.map(\.path))
    }
}
