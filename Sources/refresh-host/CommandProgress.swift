import RefreshConsole
import RefreshHostController
import RefreshValidation
import Synchronization

// What each long command says while it works: a count that is true (done of
// total, from the work itself) on the console's progress line, which only a
// terminal shows and which is erased when the work ends; with --verbose, plain
// lines that stay, on a pipe too. All of it on stderr, never in machine output.

/// `validate`: checks done of the checks selected, and the one running.
final class ValidateProgress {
    let console: Console
    let total: Int
    private var done = 0

    init(console: Console, total: Int) {
        self.console = console
        self.total = total
    }

    func starting(_ check: Check, done: Int) {
        console.progress.show("validate: \(done) of \(total) checks done, running \(check.id)", force: true)
    }

    func finished(_ result: CheckResult) {
        done += 1
        console.detail("validate: [\(done)/\(total)] \(result.id): \(result.status.rawValue) "
                       + "in \(format(result.seconds, decimals: 2)) s")
    }

    func end() { console.progress.clear() }

    /// With --verbose: what the plugin printed while a check ran in its child.
    static func pluginOutput(check: String, text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        Console.current.detail("validate: \(check): the plugin printed:")
        for line in text.hasSuffix("\n") ? lines.dropLast() : lines[...] { Console.current.detail("  | " + line) }
    }
}

/// `render`: frames encoded of the frames in the run, as the worker's frames arrive.
final class RenderProgress {
    let console: Console
    let label: String
    private var tenth = -1

    init(console: Console, label: String) {
        self.console = console
        self.label = label
    }

    func frame(_ done: Int, of total: Int) {
        let text = "render \(label): \(done) of \(total) frames"
        console.progress.show(text)
        // A line per tenth of the run, not per frame: a pipe gets a dozen lines, not hundreds.
        let now = total > 0 ? done * 10 / total : 10
        if console.isVerbose, now != tenth {
            tenth = now
            console.detail(text)
        }
    }

    func end() { console.progress.clear() }
}

/// `gallery`: styles finished of the styles to draw, and the ones being drawn (and validated)
/// now. Called from the gallery's worker threads.
final class GalleryProgress: Sendable {
    let console: Console
    private let state = Mutex<(done: Int, total: Int, running: [String])>((0, 0, []))

    init(console: Console) { self.console = console }

    func started(_ id: String, total: Int) {
        state.withLock { state in
            state.total = total
            state.running.append(id)
            console.progress.show(Self.text(state), force: true)
        }
    }

    func finished(_ id: String, done: Int, total: Int) {
        state.withLock { state in
            state.done = max(state.done, done)
            state.total = total
            state.running.removeAll { $0 == id }
            console.detail("gallery: \(id) done (\(done) of \(total))")
            console.progress.show(Self.text(state), force: true)
        }
    }

    func end() { console.progress.clear() }

    private static func text(_ state: (done: Int, total: Int, running: [String])) -> String {
        "gallery: \(state.done) of \(state.total) styles done"
            + (state.running.isEmpty ? "" : ", working on \(state.running.joined(separator: ", "))")
    }
}
