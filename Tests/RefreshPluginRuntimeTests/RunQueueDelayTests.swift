import Testing
import RefreshPluginRuntime

/// loading.time and budgets.callback-time subtract the time the thread queued for a CPU, read from the
/// kernel's schedstat; the figure must be there and behave like a clock.
@Suite struct RunQueueDelayTests {
    @Test("the kernel's run-queue delay for this thread is readable and never goes back")
    func readable() throws {
        let first = try #require(RunQueueDelay.seconds())
        var spin = 0.0
        for i in 0..<200_000 { spin += Double(i).squareRoot() }
        let second = try #require(RunQueueDelay.seconds())
        #expect(first >= 0 && second >= first && spin > 0)
    }
}
