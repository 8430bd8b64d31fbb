/// `new --from FILE` with no NAME: a name, a display name and an id from the
/// file's name. `isometric-plane.json` gives NAME `IsometricPlane` (a valid
/// NAME: a letter, then letters and digits), display name `Isometric Plane`
/// and id `com.example.isometric-plane`. A name that starts with a digit gets
/// `Style` in front (`4497-pull.json`: `Style4497Pull`); one with no letter
/// or digit at all is `Animation`.
public struct DerivedName: Equatable, Sendable {
    public var name: String
    public var displayName: String
    public var id: String

    public init(file path: String) {
        var stem = String(path.split(separator: "/").last ?? Substring(path))
        for ext in [".json", ".lottie", ".gif", ".webp", ".png"] where stem.lowercased().hasSuffix(ext) {
            stem.removeLast(ext.count)
            break
        }
        // Words: runs of ASCII letters and digits; a lowercase-to-uppercase step splits too (isometricPlane).
        var words: [String] = []
        var current = ""
        for c in stem {
            guard c.isASCII, c.isLetter || c.isNumber else {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if c.isUppercase, let last = current.last, last.isLowercase {
                words.append(current)
                current = ""
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        if words.isEmpty { words = ["Animation"] }
        let capitalised = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        var name = capitalised.joined()
        if name.first?.isNumber == true { name = "Style" + name }
        name = String(name.prefix(Scaffold.maxNameLength))
        self.name = name
        displayName = String(capitalised.joined(separator: " ").prefix(64))
        id = "com.example." + words.map { $0.lowercased() }.joined(separator: "-").prefix(200)
    }
}
