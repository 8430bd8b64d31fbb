import Foundation

/// Checks every link of every Markdown file under a root, the way a reader
/// follows them where the files are: a relative target must exist inside the
/// root (a file or a folder), a #fragment must be a heading or id of the page
/// it points into, and a web address must be well formed (no network here).
struct LinkChecker {
    /// The folder the files are read in: a repository, or an installed prefix.
    let root: String
    /// Folder names not to look in (build products, version control).
    var skipped: Set<String> = [".build", ".git", ".swiftpm", "out"]

    /// A broken link: "path:line: target: why", the path relative to the root.
    struct Problem: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var target: String
        var reason: String
        var description: String { "\(file):\(line): \(target): \(reason)" }
    }

    /// The Markdown files under the root, relative to it, sorted.
    func markdownFiles() -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if skipped.contains(name) || (name.hasPrefix(".") && name != ".") {
                enumerator?.skipDescendants()
                continue
            }
            if path.hasSuffix(".md") { result.append(path) }
        }
        return result.sorted()
    }

    func problems() throws -> [Problem] {
        var result: [Problem] = []
        // Each page's anchors once: the README alone is linked into a few hundred times.
        var anchors: [String: Set<String>] = [:]
        for file in markdownFiles() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for link in MarkdownLinks.links(in: text) {
                if let reason = try check(link.target, from: file, anchors: &anchors) {
                    result.append(Problem(file: file, line: link.line, target: link.target, reason: reason))
                }
            }
        }
        return result
    }

    /// Why `target`, written in `file`, does not work; nil when it does.
    func check(_ target: String, from file: String) throws -> String? {
        var anchors: [String: Set<String>] = [:]
        return try check(target, from: file, anchors: &anchors)
    }

    /// The same, reading each page's anchors at most once into `anchors` (keyed by path).
    func check(_ target: String, from file: String, anchors: inout [String: Set<String>]) throws -> String? {
        if target.isEmpty { return "empty link" }
        if let scheme = target.firstMatch(of: #/^([a-zA-Z][a-zA-Z0-9+.-]*):/#)?.output.1.lowercased() {
            switch scheme {
            case "http", "https":
                guard !target.contains(where: \.isWhitespace), let url = URL(string: target),
                      let host = url.host, host.contains("."), !host.hasPrefix("."), !host.hasSuffix(".") else {
                    return "not a well-formed web address"
                }
                return nil
            case "mailto": return target.contains("@") ? nil : "not a well-formed mail address"
            default: return "a \(scheme): link works on no reader's machine"
            }
        }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        if path.hasPrefix("/") { return "an absolute path: it names a file on the writer's machine" }

        let folder = (file as NSString).deletingLastPathComponent
        let relative = path.isEmpty ? file : (folder.isEmpty ? path : folder + "/" + path)
        var components: [Substring] = []
        for part in relative.split(separator: "/") where part != "." {
            if part != ".." { components.append(part); continue }
            guard !components.isEmpty else { return "points outside \(root)" }
            components.removeLast()
        }
        let full = root + "/" + components.joined(separator: "/")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { return "no such file" }
        guard let fragment, !fragment.isEmpty else { return nil }
        guard !isFolder.boolValue, full.hasSuffix(".md") else { return "#\(fragment) into a file that has no headings" }
        if anchors[full] == nil { anchors[full] = MarkdownLinks.anchors(in: try String(contentsOfFile: full, encoding: .utf8)) }
        return anchors[full]!.contains(fragment.removingPercentEncoding ?? fragment) ? nil : "no heading or id '\(fragment)' there"
    }
}
