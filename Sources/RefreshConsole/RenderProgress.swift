// What each long command says while it works: a count that is true (done of
// total, from the work itself) on the console's progress line, which only a
// terminal shows and which is erased when the work ends; with --verbose, plain
// lines that stay, on a pipe too. All of it on stderr, never in machine output.

/// `render`: frames encoded of the frames in the run, as the worker's frames arrive.
public final class RenderProgress {
    public let console: Console
    public let label: String
    private var tenth = -1

    public init(console: Console, label: String) {
        self.console = console
        self.label = label
    }

    public func frame(_ done: Int, of total: Int) {
        let text = "render \(label): \(done) of \(total) frames"
        console.progress.show(text)
        // A line per tenth of the run, not per frame: a pipe gets a dozen lines, not hundreds.
        let now = total > 0 ? done * 10 / total : 10
        if console.isVerbose, now != tenth {
            tenth = now
            console.detail(text)
        }
    }

    public func end() { console.progress.clear() }
}
