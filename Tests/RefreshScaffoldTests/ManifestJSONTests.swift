@testable import RefreshScaffold
import Testing

/// The dotLottie manifest's JSON (`new --animation` rewrites it): written back byte for byte as
/// Foundation's JSONSerialization wrote it before (the expected text is what it wrote for this
/// input), and what JSONSerialization refused is refused.
@Suite struct ManifestJSONTests {
    @Test("keys in JSONSerialization's sorted order, numbers as it normalized them, / and controls escaped")
    func writesAsFoundationDid() throws {
        let input = #"""
            {"version":"1.0", "generator":"a/b \u00e9 \ud83d\ude00 tab\t ctl\u0001 q\" bs\\", "Zeta":1, "alpha":2.50, \#
            "key10":1e3, "key9":-0.0, "Key2":true, "k":null, "big":123456789012345678901234, "neg":-0, "tiny":1e-10, \#
            "huge":1.5e300, "pi":3.141592653589793238, "nested":{"B":[1,2,{"x":[]}],"a":{}}, "activeAnimationId":"spinner", \#
            "initial":{"animation":"spinner","z":1}, "animations":[{"id":"spinner","speed":1.0,"loop":true},{"id":"other","speed":1.5E-3}], \#
            "a_b":1, "a-b":2, "aB":3, "ab":4, "A1":5, "a01":6, "a1":7}
            """#
        let expected = #"""
            {"a_b":1,"a-b":2,"a1":7,"a01":6,"A1":5,"ab":4,"aB":3,"activeAnimationId":"spinner","alpha":2.5,\#
            "animations":[{"id":"spinner","loop":true,"speed":1},{"id":"other","speed":0.0015}],"big":123456789012345678901234,\#
            "generator":"a\/b é 😀 tab\t ctl\u0001 q\" bs\\","huge":1.5e+300,"initial":{"animation":"spinner","z":1},"k":null,\#
            "Key2":true,"key9":-0,"key10":1000,"neg":0,"nested":{"a":{},"B":[1,2,{"x":[]}]},"pi":3.141592653589793238,\#
            "tiny":1e-10,"version":"1.0","Zeta":1}
            """#
        let written = try ManifestJSON.parse(Array(input.utf8)).serialized()
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test("a byte order mark and a comma before a closing bracket are read, as JSONSerialization read them")
    func lenientWhereFoundationWas() throws {
        let parsed = try ManifestJSON.parse([0xEF, 0xBB, 0xBF] + Array(#"{"animations":[{"id":"a",},],}"#.utf8))
        #expect(parsed["animations"]?.arrayValue?.first?["id"]?.stringValue == "a")
    }

    @Test("malformed JSON is refused, never a crash", arguments: [
        "", "{", #"{"a":}"#, #"{"a" 1}"#, "[,]", "01", "1.", "-", "+1", "NaN", #"{'a':1}"#, #"{"a":1} x"#,
        "\"\u{1}\"", #""\x""#, #""\ud800""#, #""\ud800\u0041""#, "tru", "[1 2]",
    ])
    func refusesMalformed(_ text: String) {
        #expect(throws: ManifestJSON.Malformed.self) { try ManifestJSON.parse(Array(text.utf8)) }
    }

    @Test("nesting past the limit is refused, not a stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ManifestJSON.Malformed.self) { try ManifestJSON.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try ManifestJSON.parse(Array(fine.utf8)) != .null)
    }

    @Test("a number past a double's range is written as it came, never as inf (found by make fuzz's dotlottie-manifest)")
    func hugeNumbers() throws {
        let input = #"{"a":[1e999,-2.5E+400,123456789012346e6567120,1e-999]}"#
        let written = String(decoding: try ManifestJSON.parse(Array(input.utf8)).serialized(), as: UTF8.self)
        #expect(written == #"{"a":[1e999,-2.5E+400,123456789012346e6567120,0]}"#)
        #expect(try ManifestJSON.parse(Array(written.utf8)).serialized() == Array(written.utf8))
    }
}
