import RefreshInstall
import RefreshPluginSearch

#if canImport(Glibc)
import Glibc
#endif

/// Shell completion of a style argument (`refresh-host run <TAB>`): what
/// CompletionCandidates offers. The shell runs this inside a key press, so it
/// must never print into the terminal or keep the user waiting: stderr goes
/// to /dev/null and an alarm ends the process.
enum StyleCompletion {
    /// Wall seconds a completion may take in all; scanning new files is the slow part.
    static let limit: UInt32 = 3

    /// ArgumentParser's `.custom` closure: the command line's words, the index of the
    /// word being completed and its prefix (the shell filters by it).
    @Sendable static func styles(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        quietAndBounded()
        return CompletionCandidates.names(in: CompletionCandidates.entries(commandLine: words))
    }

    /// `remove <TAB>`: only the styles remove would take out, the ones this
    /// user installed; a bundled or system style would only be refused.
    @Sendable static func removable(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        quietAndBounded()
        let environment = SearchEnvironment.current()
        return CompletionCandidates.names(in: CompletionCandidates.entries(commandLine: words)) {
            InstalledFolder.of(file: $0.file, source: $0.descriptor?.source, environment: environment) != nil
        }
    }

    /// Nothing into the terminal, and never longer than `limit`.
    private static func quietAndBounded() {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 { dup2(null, 2) }
        // SIGALRM's default action ends the process (unblocked: a shell started by a
        // program that blocks signals hands the mask down); scanner children die with it.
        var alarmOnly = sigset_t()
        sigemptyset(&alarmOnly)
        sigaddset(&alarmOnly, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarmOnly, nil)
        signal(SIGALRM, SIG_DFL)
        alarm(limit)
    }
}
