import Testing

/// Every bundled style passes the whole suite at the highest strictness, as
/// `make test` builds them (debug), through the real CLI.
@Suite struct BundledValidationTests {
    @Test("a bundled style passes every check at strictness 10",
          arguments: ["libYelpStyle.so", "libSnapchatStyle.so", "libYikYakStyle.so", "libYahooStyle.so",
                       "libAppCodaStyle.so", "libColorChangeStyle.so", "libYalantisStyle.so", "libPeriscopeStyle.so",
                       "libMaterialStyle.so", "libStoreHouseStyle.so", "libWaterDropStyle.so", "libFrameSequenceStyle.so", "libLottieStyle.so"])
    func bundled(_ file: String) throws {
        let run = try ValidateRun([TestPaths.bundledPlugin(file), "--strictness", "10"])
        #expect(run.status == 0, "\(run.statuses) \(run.stderr)")
        #expect(run.problems.isEmpty)
        #expect(!run.statuses.contains { $0.status == "skipped" })
    }
}
