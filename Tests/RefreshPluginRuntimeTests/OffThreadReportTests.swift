import Foundation
@testable import RefreshPluginRuntime
import Testing

/// A plugin thread that calls host services in a loop makes the same refusal
/// millions of times a second: the log keeps it once, and counts the rest.
@Suite struct OffThreadReportTests {
    @Test("the same off-thread refusal from many threads is kept once; a different one is kept too; repeats are counted")
    func repeatsCounted() {
        let log = HostLog()
        let refusal = HostLog.Entry(time: -1, source: "style#1", level: .error, kind: .misuse,
                                    message: "layer_set called from another thread; refused (RH_ERR_WRONG_THREAD)")
        // Only addFromAnyThread runs off the log's thread, which is what it is for.
        nonisolated(unsafe) let shared = log
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<25_000 { shared.addFromAnyThread(refusal) }
        }
        var other = refusal
        other.message = "done called from another thread; refused (RH_ERR_WRONG_THREAD)"
        log.addFromAnyThread(other)
        log.drain()
        log.addFromAnyThread(refusal)
        log.drain()
        #expect(log.entries.map(\.message) == [refusal.message, other.message])
        #expect(log.offThreadRepeats == 100_000)
    }
}
