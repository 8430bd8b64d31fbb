import RefreshValidation
import Testing

/// Every check can fail: each deliberately broken fixture plugin is run
/// through the real CLI (each check in its own child process) and must be
/// reported by exactly the check that owns the rule it breaks, with the right
/// status, while every other check of the catalogue still reports.
@Suite struct FixtureValidationTests {
    struct Case: CustomStringConvertible, Sendable {
        var fixture: String
        var check: String
        var status: String
        var strictness = 5
        /// Other checks that rightly catch the same fault too (the fuzzer
        /// finds what a plain gesture finds).
        var alsoProblems: [String] = []
        /// Per check: bounds a hang, with room for a loaded machine.
        var timeout = "90"
        var description: String { "\(fixture) -> \(check) \(status)" }
    }

    static let cases: [Case] = [
        Case(fixture: "v_undefined_symbol", check: "loading.dlopen", status: "failed"),
        Case(fixture: "abi_major", check: "loading.abi-version", status: "failed"),
        Case(fixture: "abi_minor", check: "loading.abi-version", status: "failed"),
        Case(fixture: "no_entry", check: "loading.entry", status: "failed"),
        Case(fixture: "init_fails", check: "loading.entry-table", status: "failed"),
        Case(fixture: "v_extra_exports", check: "loading.exports", status: "warning"),
        Case(fixture: "v_placeholder_id", check: "descriptors.placeholder-id", status: "warning"),
        Case(fixture: "v_undrawn_features", check: "descriptors.drawn-features", status: "warning"),
        Case(fixture: "v_static_cxx", check: "loading.linkage", status: "warning"),
        Case(fixture: "v_unlinked_libm", check: "loading.unlinked-symbols", status: "warning"),
        Case(fixture: "v_slow_init", check: "loading.time", status: "warning"),
        Case(fixture: "v_bad_name", check: "descriptors.strings", status: "failed"),
        Case(fixture: "v_bad_height", check: "descriptors.ranges", status: "failed"),
        Case(fixture: "v_dup_ids", check: "descriptors.unique-ids", status: "failed"),
        Case(fixture: "v_unknown_id", check: "descriptors.unknown-id", status: "failed"),
        Case(fixture: "v_setup_fails", check: "lifecycle.order", status: "failed"),
        // A missing or late done also leaves the header stuck after the races.
        Case(fixture: "done_never", check: "lifecycle.done-deadline", status: "failed", alsoProblems: ["lifecycle.races"]),
        Case(fixture: "done_late", check: "lifecycle.done-deadline", status: "failed", alsoProblems: ["lifecycle.races"]),
        Case(fixture: "done_twice", check: "lifecycle.done-once", status: "failed"),
        Case(fixture: "v_crash_cycle", check: "lifecycle.long-refresh", status: "crashed"),
        Case(fixture: "v_reset_leftover", check: "lifecycle.reset-restores", status: "failed"),
        Case(fixture: "v_leak_layers", check: "lifecycle.soak", status: "failed"),
        Case(fixture: "v_leak_memory", check: "lifecycle.soak", status: "failed"),
        Case(fixture: "v_shared_state", check: "lifecycle.instances", status: "failed"),
        Case(fixture: "v_done_in_destroy", check: "lifecycle.destroy-mid-refresh", status: "failed"),
        Case(fixture: "v_nondeterministic", check: "determinism.replay", status: "failed"),
        Case(fixture: "v_nan_rotation", check: "values.finite", status: "failed", alsoProblems: ["fuzzing.gestures"]),
        // ABI 1.2's keyframe animations: a NaN value, and a morph between paths of different structure.
        Case(fixture: "v_nan_keyframe", check: "values.finite", status: "failed", alsoProblems: ["fuzzing.gestures"]),
        Case(fixture: "v_bad_morph", check: "values.misuse", status: "failed", alsoProblems: ["fuzzing.gestures"]),
        Case(fixture: "v_bad_gradient", check: "values.finite", status: "failed", alsoProblems: ["fuzzing.gestures"]),
        Case(fixture: "v_unknown_layer", check: "values.misuse", status: "failed", alsoProblems: ["fuzzing.gestures"]),
        Case(fixture: "wrong_thread", check: "values.misuse", status: "failed"),
        Case(fixture: "v_stale_host", check: "values.misuse", status: "failed"),
        Case(fixture: "v_loop_pull", check: "fuzzing.gestures", status: "timed_out", timeout: "5"),
        Case(fixture: "v_slow_cycle", check: "budgets.callback-time", status: "failed", strictness: 6),
        // At 3: its 1,100 layers make the fuzzer and the instance check too slow for a debug build.
        Case(fixture: "v_many_layers", check: "budgets.layers", status: "failed", strictness: 3),
        Case(fixture: "v_missing_asset", check: "values.assets", status: "failed"),
        Case(fixture: "v_image_budget", check: "budgets.images", status: "failed"),
        // ABI 1.3: the races, announcements and reduce-motion.
        // Its immediate-end refresh is done-deadline's too.
        Case(fixture: "v_race_early_end", check: "lifecycle.races", status: "failed", alsoProblems: ["lifecycle.done-deadline"]),
        Case(fixture: "v_silent_announce", check: "accessibility.announcements", status: "failed"),
        Case(fixture: "v_bad_param", check: "values.parameters", status: "failed"),
        Case(fixture: "v_bad_footer", check: "lifecycle.footer", status: "failed"),
        Case(fixture: "v_fast_reduced", check: "accessibility.reduce-motion", status: "failed"),
        // ABI 1.2's RH_WARN_NO_EFFECT: values set where the layer's kind draws nothing.
        Case(fixture: "no_effect", check: "values.no-effect", status: "warning"),
    ]

    @Test("a broken fixture fails exactly its check; every other check still reports", arguments: cases)
    func fixture(_ c: Case) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build(c.fixture, into: dir.path)
        let run = try ValidateRun([plugin, "--strictness", "\(c.strictness)", "--seed", "7", "--timeout", c.timeout])
        #expect(run.status(of: c.check) == c.status, "\(run.statuses)")
        // No abort: every check in the catalogue has a result, in catalogue order.
        #expect(run.statuses.map(\.id) == Catalogue.checks.map(\.id))
        #expect(Set(run.problems).subtracting([c.check] + c.alsoProblems).isEmpty, "other problems: \(run.problems)")
        // Exit 1 only for failed, crashed or timed out.
        #expect(run.status == (["failed", "crashed", "timed_out"].contains(c.status) ? 1 : 0))
        if c.status != "warning" {
            let r = try #require(run.result(c.check))
            #expect((r["expected"] as? String)?.isEmpty == false)
            #expect((r["actual"] as? String)?.isEmpty == false)
            #expect((r["reproduce"] as? String)?.contains("--only \(c.check) --seed 7") == true)
        }
    }

    @Test("every check in the catalogue is the one a fixture breaks: each check can fail")
    func everyCheckCanFail() {
        let broken = Set(Self.cases.map(\.check))
        #expect(Catalogue.checks.map(\.id).filter { !broken.contains($0) } == [])
    }

    @Test("the crash names its signal and the callback it happened in")
    func crashSignal() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_crash_cycle", into: dir.path)
        let run = try ValidateRun([plugin, "--only", "lifecycle.long-refresh"])
        #expect(run.result("lifecycle.long-refresh")?["detail"] as? String == "crashed (SIGSEGV) in cycle()")
        #expect(run.status == 1)
    }

    @Test("the reference fixtures pass every check at strictness 10", arguments: ["valid_minimal", "two_styles"])
    func clean(_ fixture: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build(fixture, into: dir.path)
        let run = try ValidateRun([plugin, "--strictness", "10"])
        #expect(run.status == 0)
        #expect(run.statuses.allSatisfy { $0.status == "passed" }, "\(run.statuses)")
    }
}
