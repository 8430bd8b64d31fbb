import RefreshConsole
import Testing

@Suite struct ColorPolicyTests {
    let terminal = ["TERM": "xterm-256color"]

    @Test("auto: colour on a terminal only, not with a non-empty NO_COLOR, not with TERM dumb or unset")
    func auto() {
        #expect(ColorPolicy(mode: .auto, isTerminal: true, environment: terminal).enabled)
        #expect(!ColorPolicy(mode: .auto, isTerminal: false, environment: terminal).enabled)
        #expect(!ColorPolicy(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]).enabled)
        #expect(!ColorPolicy(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "0"]).enabled)
        // no-color.org: only a non-empty value counts.
        #expect(ColorPolicy(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]).enabled)
        #expect(!ColorPolicy(mode: .auto, isTerminal: true, environment: ["TERM": "dumb"]).enabled)
        #expect(!ColorPolicy(mode: .auto, isTerminal: true, environment: [:]).enabled)
    }

    @Test("always and never are the user's word: they win over the stream and NO_COLOR")
    func explicit() {
        #expect(ColorPolicy(mode: .always, isTerminal: false, environment: ["NO_COLOR": "1", "TERM": "dumb"]).enabled)
        #expect(!ColorPolicy(mode: .never, isTerminal: true, environment: terminal).enabled)
    }

    @Test("paint wraps the text in SGR and resets only when enabled")
    func paint() {
        #expect(ColorPolicy(enabled: true).paint("loaded", .green) == "\u{1B}[32mloaded\u{1B}[0m")
        #expect(ColorPolicy(enabled: false).paint("loaded", .green) == "loaded")
        #expect(ColorPolicy(enabled: true).paint("x", nil) == "x")
    }

    @Test("COLUMNS wins when it is a positive number; else the terminal; else no limit")
    func width() {
        #expect(TerminalWidth.columns(terminal: 120, environment: ["COLUMNS": "60"]) == 60)
        #expect(TerminalWidth.columns(terminal: nil, environment: ["COLUMNS": "60"]) == 60)
        #expect(TerminalWidth.columns(terminal: 120, environment: ["COLUMNS": "wide"]) == 120)
        #expect(TerminalWidth.columns(terminal: 120, environment: ["COLUMNS": "0"]) == 120)
        #expect(TerminalWidth.columns(terminal: nil, environment: [:]) == nil)
    }
}
