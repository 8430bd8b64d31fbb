import RefreshText
import Testing

/// JSON's text, written by bytes: every escape, number form and indentation as the documents
/// (docs/json.md) have always had them.
@Suite struct JSONWriterTests {
    static let document: JSON = .object([
        ("plain", .string("com.refreshhost.yelp")),
        ("escaped", .string("q\"b\\n\nr\rt\tc\u{01}d\u{7F}e\u{85}f\u{200F}g\u{2066}")),
        ("kept", .string("é € 😀 \u{2027}\u{202F}")),
        ("numbers", .array([.number(0), .number(-0.0), .number(-5), .number(2.5), .number(1e15), .number(-999_999_999_999_999),
                            .number(.nan), .number(.infinity)])),
        ("flags", .array([.bool(true), .bool(false), .null])),
        ("empty", .object([])), ("none", .array([])),
        ("deep", (0..<18).reduce(JSON.string("bottom")) { inner, _ in .array([inner]) }),
    ])

    @Test("compact: escapes by bytes, scalars that drive a terminal as \\u, everything else as it is")
    func compact() {
        let deep = String(repeating: "[", count: 18) + "\"bottom\"" + String(repeating: "]", count: 18)
        #expect(Self.document.render(compact: true) == #"{"plain":"com.refreshhost.yelp","#
            + #""escaped":"q\"b\\n\nr\rt\tc\u0001d\u007fe\u0085f\u200fg\u2066","kept":"é € 😀 \#u{2027}\#u{202F}","#
            + #""numbers":[0,0,-5,2.5,1000000000000000.0,-999999999999999,null,null],"flags":[true,false,null],"empty":{},"none":[],"#
            + #""deep":"# + deep + "}")
    }

    @Test("pretty: two spaces a level past the given indent, however deep")
    func pretty() {
        let text = Self.document.render(indent: "\t")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "{")
        #expect(lines[1] == "\t  \"plain\": \"com.refreshhost.yelp\",")
        #expect(lines.contains("\t  \"numbers\": ["))
        #expect(lines.contains("\t    -999999999999999,"))
        #expect(lines.contains("\t  \"empty\": {},"))
        // 18 arrays under "deep": the string at 19 levels, 38 spaces.
        #expect(lines.contains("\t" + String(repeating: " ", count: 38) + "\"bottom\""))
        #expect(lines.last == "\t}")
        #expect(Array(text.utf8) == Self.document.renderBytes(indent: "\t"))
    }
}
