import RefreshPluginRuntime
import RefreshWorker

/// A plugin found hanging in one check, or crashing while its library
/// loads: every later check would load it again and wait (or crash) the same
/// way, one full timeout each, so they are not run and say why, as
/// clap-validator skips what a failed load makes moot.
struct MootLoad: Equatable {
    /// The `skipped` detail of each check not run.
    let reason: String
    /// How every such detail begins.
    static let prefix = "not run: "

    /// The calls every check makes while it loads the library.
    static let loadingCalls: Set<String> = [
        PluginLibrary.constructorsCall, PluginFunction.entry.rawValue, PluginFunction.initialize.rawValue,
        PluginFunction.styleCount.rawValue, PluginFunction.styleDescriptor.rawValue,
    ]

    init(reason: String) { self.reason = reason }

    /// nil when `ending` says nothing about the checks after `check`.
    init?(_ check: Check, _ ending: ChildRunner.Ending, deadline: Double) {
        self.init(ending, during: check.id, deadline: deadline)
    }

    /// `during`: the check that saw it (the reason names it).
    init?(_ ending: ChildRunner.Ending, during check: String, deadline: Double) {
        let suffix = "; not loaded again in this command"
        switch ending {
        case let .process(.timedOut, call):
            reason = "\(Self.prefix)the plugin hung in \(check)" + (call.map { " (in \(WorkerFailure.shown($0)))" } ?? "")
                + ", which gave no result within \(fmt(deadline)) s" + suffix
        case let .process(.signal(signal), call?) where Self.loadingCalls.contains(call):
            reason = "\(Self.prefix)the library crashed (\(signalName(signal))) in \(WorkerFailure.shown(call)) "
                + "as \(check) loaded it" + suffix
        default:
            return nil
        }
    }
}

extension CheckResult {
    /// Skipped because the plugin hung or crashed loading in an earlier check, or the run's
    /// time ran out: not a judgement on the check, as a skip for strictness is.
    public var wasNotRun: Bool { status == .skipped && detail.hasPrefix(MootLoad.prefix) }
}
