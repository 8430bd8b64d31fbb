import RefreshSession
import RefreshTestSupport
import Testing

/// What --verbose says about a session's worker, from a real worker of a bundled style.
@Suite struct WorkerReportTests {
    @Test("a worker: started with its pid, budget and style; at the end what its plugin printed and how it exited")
    func worker() throws {
        let file = TestPaths.bundledPlugin("libYahooStyle.so")
        let session = try SessionOpener(workerExecutable: TestPaths.cli).open(file: file, style: "com.refreshhost.yahoo",
                                                                             settings: SessionSettings())
        let started = try #require(WorkerReport.started(session, budget: 2))
        #expect(started.hasPrefix("worker ") && started.hasSuffix(", budget 2.0 s a call") && started.contains("com.refreshhost.yahoo"))
        let ending = WorkerReport.ending(session)
        #expect(ending.first?.hasSuffix(": the plugin printed nothing") == true)
        #expect(ending.last?.hasSuffix(" exited with status 0") == true)
    }

    @Test("a session in this process has no worker to report on")
    func local() throws {
        var settings = SessionSettings()
        settings.isolation = .inProcess
        let session = try SessionOpener().open(file: TestPaths.bundledPlugin("libYahooStyle.so"), style: "com.refreshhost.yahoo",
                                               settings: settings)
        defer { session.close() }
        #expect(WorkerReport.started(session, budget: 2) == nil)
        #expect(WorkerReport.ending(session).isEmpty && WorkerReport.ending(nil).isEmpty)
    }
}
