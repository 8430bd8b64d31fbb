import Testing
@testable import RefreshTerminal

@Suite struct InputDecoderTests {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8))
    }

    @Test("arrows (normal and application mode), space, q, r, e, enter and Ctrl-C")
    func keys() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.key(.up), .key(.down), .key(.right), .key(.left)])
        #expect(decode("\u{1B}OB\u{1B}OA") == [.key(.down), .key(.up)])
        #expect(decode(" qre\r\u{03}") == [.key(.space), .key(.character("q")), .key(.character("r")),
                                           .key(.character("e")), .key(.enter), .key(.interrupt)])
        #expect(decode("\u{1B}[1;5B") == [.key(.down)])  // Ctrl+Down: still Down
    }

    @Test("SGR mouse: press, drag (motion bit), release (lower-case m), wheel; cells become 0-based")
    func mouse() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press, column: 9, row: 4))])
        #expect(decode("\u{1B}[<32;11;7M") == [.mouse(MouseEvent(.drag, column: 10, row: 6))])
        #expect(decode("\u{1B}[<0;11;8m") == [.mouse(MouseEvent(.release, column: 10, row: 7))])
        #expect(decode("\u{1B}[<64;3;3M") == [.mouse(MouseEvent(.press, button: 64, column: 2, row: 2))])
        #expect(decode("\u{1B}[<2;300;120M") == [.mouse(MouseEvent(.press, button: 2, column: 299, row: 119))])
    }

    @Test("a sequence split across reads at every byte decodes the same")
    func split() {
        let text = Array("\u{1B}[B \u{1B}[<0;10;5M\u{1B}[<32;10;9M\u{1B}OA\u{1B}[<0;10;9mq".utf8)
        let whole = decode(String(decoding: text, as: UTF8.self))
        #expect(whole.count == 7)
        for cut in 1..<text.count {
            var decoder = InputDecoder()
            let events = decoder.feed(text[..<cut]) + decoder.feed(text[cut...])
            #expect(events == whole, "cut at \(cut)")
        }
        var decoder = InputDecoder()
        var oneByOne: [InputEvent] = []
        for byte in text { oneByOne += decoder.feed([byte]) }
        #expect(oneByOne == whole)
        #expect(!decoder.hasPending)
    }

    @Test("a lone ESC waits, and is the Escape key once a pause follows; ESC then a key is both")
    func escape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decode("\u{1B}q") == [.key(.escape), .key(.character("q"))])
    }

    @Test("garbage and unknown sequences are skipped without losing what follows")
    func garbage() {
        #expect(decode("\u{1B}[200~x\u{1B}[B") == [.key(.character("x")), .key(.down)])  // bracketed paste marker
        #expect(decode("\u{1B}[<0;;5M\u{1B}[A") == [.key(.up)])  // a mouse report with a field missing
        #expect(decode("\u{1B}[\u{01}q") == [.key(.character("q"))])  // not a CSI at all
        #expect(decode("\u{C3}\u{A9}q") == [.key(.character("q"))])  // non-ASCII keys mean nothing here
        var decoder = InputDecoder()
        let long = Array("\u{1B}[".utf8) + Array(repeating: UInt8(0x31), count: 40) + Array("q".utf8)
        #expect(decoder.feed(long).last == .key(.character("q")))
    }
}
