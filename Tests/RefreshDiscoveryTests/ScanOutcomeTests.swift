@testable import RefreshDiscovery
import RefreshPluginRuntime
@testable import RefreshWorker
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How the way a scanner child ended reads as a file's outcome: one line,
/// naming the plugin call that was in flight.
@Suite struct ScanOutcomeTests {
    func outcome(_ ending: ChildProcess.Ending, reply: ScanOutcome? = nil, replied: Bool = false,
                 function: String? = nil) -> ScanOutcome {
        let call = CallSlot.Reading(sequence: 1, inCall: function != nil, function: function ?? "", target: "/x.so")
        return Scanner.outcome(ending: ending, reply: reply, replied: replied || reply != nil, call: call, deadline: 2,
                               cpuSeconds: 3)
    }

    @Test("crashes, hangs, exits and garbled answers quarantine the file; a whole answer and a clean exit is the answer")
    func endings() {
        let loaded = ScanOutcome.rejected("init() returned false: the plugin refused to load")
        #expect(outcome(.exited(0), reply: loaded) == loaded)
        #expect(outcome(.signal(SIGSEGV), function: "style_descriptor")
            == .quarantined("crashed the scanner with SIGSEGV in style_descriptor()"))
        #expect(outcome(.signal(SIGABRT), function: PluginLibrary.constructorsCall)
            == .quarantined("crashed the scanner with SIGABRT in the library's constructors"))
        #expect(outcome(.signal(SIGBUS)) == .quarantined("crashed the scanner with SIGBUS while loading (no plugin call in flight)"))
        #expect(outcome(.signal(SIGSEGV), reply: loaded)
            == .quarantined("crashed the scanner with SIGSEGV as it exited (the library's destructors?)"))
        #expect(outcome(.timedOut, function: "init") == .quarantined("hung the scanner: no answer within 2 s (in init())"))
        #expect(outcome(.timedOut) == .quarantined("hung the scanner: no answer within 2 s"))
        #expect(outcome(.signal(SIGXCPU), function: "rh_entry")
            == .quarantined("hung the scanner: more than 3 s of CPU time (in rh_entry())"))
        #expect(outcome(.exited(3), function: PluginLibrary.constructorsCall)
            == .quarantined("made the scanner exit with status 3 in the library's constructors"))
        #expect(outcome(.exited(0), function: "init") == .quarantined("made the scanner exit without an answer in init()"))
        #expect(outcome(.exited(0), replied: true) == .quarantined("gave the scanner a garbled answer"))
        #expect(outcome(.signal(SIGSEGV), function: "?")
            == .quarantined("crashed the scanner with SIGSEGV in a plugin call it could not name"))
    }

    @Test("a reply cut short or with a stray line is not an answer")
    func replies() {
        let text = RecordFormat.encode(OutcomeCodec.fields(.quarantined("x\ny")) + [("end", "")])
        var index = 0
        #expect(OutcomeCodec.decode(RecordFormat.decode(Array(text.utf8))!, at: &index) == .quarantined("x\ny"))
        #expect(RecordFormat.decode(Array(text.utf8.dropLast())) == nil)
        #expect(RecordFormat.decode(Array("no equals sign\n".utf8)) == nil)
    }
}
