/// Keeps the paths of the machine that made the gallery off the page, which
/// may be shared: a plugin's file shows as its name, and any other absolute
/// path in a message (a dlopen error, a home folder) as its last component.
struct PathScrubber: Sendable {
    /// Known paths, longest first, so a file wins over its folder.
    private let known: [(path: String, shown: String)]

    init(files: [String], home: String? = PathScrubber.environment("HOME")) {
        var known: [(String, String)] = files.map { ($0, PathScrubber.lastComponent($0)) }
        if let home, home.count > 1 { known.append((home, "~")) }
        self.known = known.sorted { $0.0.count > $1.0.count }
    }

    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    func scrub(_ text: String) -> String {
        var out = text
        for (path, shown) in known where out.contains(path) { out = out.replacing(path, with: shown) }
        return Self.scrubAbsolutePaths(out)
    }

    func scrub(_ card: GalleryCard) -> GalleryCard {
        var c = card
        c.file = scrub(c.file)
        c.summary = c.summary.map(scrub)
        c.vendor = c.vendor.map(scrub)
        switch c.status {
        case .loaded: break
        case let .shadowed(by): c.status = .shadowed(by: scrub(by))
        case let .rejected(why): c.status = .rejected(scrub(why))
        case let .refused(why): c.status = .refused(scrub(why))
        case let .quarantined(why): c.status = .quarantined(scrub(why))
        case let .renderFailed(why): c.status = .renderFailed(scrub(why))
        }
        if var conformance = c.conformance {
            conformance.summary = scrub(conformance.summary)
            conformance.problems = conformance.problems.map(scrub)
            c.conformance = conformance
        }
        return c
    }

    /// Any "/a/b/c" that starts a word (after a space, bracket, quote, '=' or
    /// ':') and has at least two slashes becomes "c".
    static func scrubAbsolutePaths(_ text: String) -> String {
        let starts: Set<Character> = [" ", "(", "[", "\"", "'", "=", ":", "\t", "\n"]
        let ends: Set<Character> = [" ", ")", "]", "\"", "'", ",", ";", "\t", "\n"]
        var out = ""
        var chars = Array(text)[...]
        var previous: Character? = nil
        while let c = chars.first {
            if c == "/", previous == nil || starts.contains(previous!) {
                let word = chars.prefix { !ends.contains($0) }
                var path = String(word)
                // A trailing ':' or '.' ends the sentence, not the path.
                var tail = ""
                while let last = path.last, last == ":" || last == "." { tail = String(last) + tail; path.removeLast() }
                if path.filter({ $0 == "/" }).count >= 2 {
                    out += lastComponent(path) + tail
                    chars = chars.dropFirst(word.count)
                    previous = word.last
                    continue
                }
            }
            out.append(c)
            previous = c
            chars = chars.dropFirst()
        }
        return out
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
