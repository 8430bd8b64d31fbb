import Foundation

/// One link of a Markdown file: where it is and what it points at, as written.
struct MarkdownLink: Equatable {
    var line: Int
    var target: String
}

/// What a reader's renderer turns into links and anchors in a Markdown file:
/// inline links and images `[text](target "title")`, reference definitions
/// `[id]: target`, autolinks `<https://...>` and HTML `src`/`href` attributes;
/// headings (GitHub's slugs) and HTML `id`/`name` attributes as anchors.
/// Fenced code blocks and code spans hold neither.
enum MarkdownLinks {
    static func links(in text: String) -> [MarkdownLink] {
        var result: [MarkdownLink] = []
        for (number, line) in proseLines(text) {
            let prose = withoutCodeSpans(line)
            for target in inlineTargets(prose) + attributeValues(prose, ["src", "href"]) {
                result.append(MarkdownLink(line: number, target: target))
            }
            if let definition = referenceDefinition(prose) { result.append(MarkdownLink(line: number, target: definition)) }
            for match in prose.matches(of: #/<(https?://[^>\s]*)>/#) {
                result.append(MarkdownLink(line: number, target: String(match.output.1)))
            }
        }
        return result
    }

    /// The fragments a link into this file may name.
    static func anchors(in text: String) -> Set<String> {
        var result: Set<String> = []
        var seen: [String: Int] = [:]
        for (_, line) in proseLines(text) {
            if let heading = line.firstMatch(of: #/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/#) {
                let slug = slug(String(heading.output.1))
                // GitHub numbers repeated headings: x, x-1, x-2.
                let count = seen[slug, default: 0]
                seen[slug] = count + 1
                result.insert(count == 0 ? slug : "\(slug)-\(count)")
            }
            for value in attributeValues(withoutCodeSpans(line), ["id", "name"]) { result.insert(value) }
        }
        return result
    }

    /// GitHub's heading anchor: lower case, punctuation other than - and _ dropped, spaces as -.
    static func slug(_ heading: String) -> String {
        var text = heading
        // A link in a heading shows its text only.
        text = text.replacing(#/\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
        var result = ""
        for character in text.lowercased() {
            if character == " " {
                result.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                result.append(character)
            }
        }
        return result
    }

    /// Lines outside fenced code blocks, numbered from 1.
    private static func proseLines(_ text: String) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var fence: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if let marker = trimmed.firstMatch(of: #/^(```+|~~~+)/#) {
                fence = String(marker.output.1)
                continue
            }
            result.append((index + 1, String(line)))
        }
        return result
    }

    /// The line with every code span (`x`, ``x``) blanked out.
    private static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(#/(`+)(?:(?!\1).)+?\1/#) { String(repeating: " ", count: $0.output.0.count) }
    }

    /// The targets of `](target)` and `](<target> "title")` on the line.
    private static func inlineTargets(_ line: String) -> [String] {
        var result: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            var target = ""
            var depth = 0
            var index = open.upperBound
            if index < rest.endIndex, rest[index] == "<" {
                let close = rest[index...].firstIndex(of: ">") ?? rest.endIndex
                target = String(rest[rest.index(after: index)..<close])
                index = close
            } else {
                while index < rest.endIndex {
                    let c = rest[index]
                    if c == "(" { depth += 1 }
                    if c == ")" { if depth == 0 { break }; depth -= 1 }
                    if c == " " { break }  // a title follows
                    target.append(c)
                    index = rest.index(after: index)
                }
            }
            result.append(target)
            rest = rest[(index < rest.endIndex ? rest.index(after: index) : index)...]
        }
        return result
    }

    /// `[id]: target` at the start of a line.
    private static func referenceDefinition(_ line: String) -> String? {
        line.firstMatch(of: #/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/#).map { String($0.output.1) }
    }

    /// The values of the attributes named `names` of the HTML tags on the line.
    private static func attributeValues(_ line: String, _ names: [String]) -> [String] {
        line.matches(of: #/<[a-zA-Z][^>]*>/#).flatMap { tag in
            tag.output.matches(of: #/\s([a-zA-Z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/#).compactMap { match -> String? in
                guard names.contains(String(match.output.1).lowercased()) else { return nil }
                return String(match.output.2 ?? match.output.3 ?? "")
            }
        }
    }
}
