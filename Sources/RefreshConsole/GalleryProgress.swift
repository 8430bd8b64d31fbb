import Synchronization

// What `gallery` says while it works: a count that is true (done of
// total, from the work itself) on the console's progress line, which only a
// terminal shows and which is erased when the work ends; with --verbose, plain
// lines that stay, on a pipe too. All of it on stderr, never in machine output.

/// `gallery`: styles finished of the styles to draw, and the ones being drawn (and validated)
/// now. Called from the gallery's worker threads.
public final class GalleryProgress: Sendable {
    public let console: Console
    private let state = Mutex<(done: Int, total: Int, running: [String])>((0, 0, []))

    public init(console: Console) { self.console = console }

    public func started(_ id: String, total: Int) {
        state.withLock { state in
            state.total = total
            state.running.append(id)
            console.progress.show(Self.text(state), force: true)
        }
    }

    public func finished(_ id: String, done: Int, total: Int) {
        state.withLock { state in
            state.done = max(state.done, done)
            state.total = total
            state.running.removeAll { $0 == id }
            console.detail("gallery: \(id) done (\(done) of \(total))")
            console.progress.show(Self.text(state), force: true)
        }
    }

    public func end() { console.progress.clear() }

    private static func text(_ state: (done: Int, total: Int, running: [String])) -> String {
        "gallery: \(state.done) of \(state.total) styles done"
            + (state.running.isEmpty ? "" : ", working on \(state.running.joined(separator: ", "))")
    }
}
