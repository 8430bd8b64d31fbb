import Foundation

/// The files a Markdown page names in `code` outside code blocks (a span with
/// no spaces that ends in .c, .h or .swift, or starts with one of the
/// repository's top folders or "../": the sources and tests), for
/// pages read where links cannot reach, such as an installed style's README.
/// A line that says "not installed", or a table whose header row does, names
/// sources on purpose and is skipped.
enum FileMentions {
    struct Mention: Equatable {
        var line: Int
        var path: String
    }

    static let topFolders = ["Sources/", "Tests/", "Plugins/", "Examples/", "Support/", "docs/", "include/", "../"]

    static func mentions(in text: String) -> [Mention] {
        var result: [Mention] = []
        var fenced = false, inTable = false, tableSkipped = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            let isRow = line.hasPrefix("|")
            if isRow, !inTable { tableSkipped = line.contains("not installed") }
            inTable = isRow
            if fenced || line.hasPrefix("    ") || line.contains("not installed") || (isRow && tableSkipped) { continue }
            for match in line.matches(of: #/`([^`\s]+)`/#) {
                let span = String(match.output.1)
                let isPath = [".c", ".h", ".swift"].contains { span.hasSuffix($0) } || topFolders.contains { span.hasPrefix($0) }
                // A command line or an assignment is not a file name.
                if isPath, !span.contains("=") { result.append(Mention(line: index + 1, path: span)) }
            }
        }
        return result
    }

    /// The mentions of `file` (relative to `root`) that are neither beside it
    /// nor at that path from the root: "file:line: path".
    static func missing(in file: String, root: String) throws -> [String] {
        let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        let folder = (file as NSString).deletingLastPathComponent
        return mentions(in: text).compactMap { mention in
            let candidates = [root + "/" + folder + "/" + mention.path, root + "/" + mention.path]
            return candidates.contains { FileManager.default.fileExists(atPath: $0) } ? nil : "\(file):\(mention.line): \(mention.path)"
        }
    }
}
