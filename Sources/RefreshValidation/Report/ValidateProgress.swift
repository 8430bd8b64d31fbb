import RefreshConsole
import RefreshHostController

// What each long command says while it works: a count that is true (done of
// total, from the work itself) on the console's progress line, which only a
// terminal shows and which is erased when the work ends; with --verbose, plain
// lines that stay, on a pipe too. All of it on stderr, never in machine output.

/// `validate`: checks done of the checks selected, and the one running.
public final class ValidateProgress {
    public let console: Console
    public let total: Int
    private var done = 0

    public init(console: Console, total: Int) {
        self.console = console
        self.total = total
    }

    public func starting(_ check: Check, done: Int) {
        console.progress.show("validate: \(done) of \(total) checks done, running \(check.id)", force: true)
    }

    public func finished(_ result: CheckResult) {
        done += 1
        console.detail("validate: [\(done)/\(total)] \(result.id): \(result.status.rawValue) "
                       + "in \(format(result.seconds, decimals: 2)) s")
    }

    public func end() { console.progress.clear() }

    /// With --verbose: what the plugin printed while a check ran in its child.
    public static func pluginOutput(check: String, text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        Console.current.detail("validate: \(check): the plugin printed:")
        for line in text.hasSuffix("\n") ? lines.dropLast() : lines[...] { Console.current.detail("  | " + line) }
    }
}
