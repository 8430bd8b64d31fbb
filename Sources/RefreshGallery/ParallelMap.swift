import Dispatch
import Synchronization

/// `body` over `items`, at most `width` at a time on their own threads;
/// results in the items' order. `onEach(item, done)` runs after each item,
/// on the thread that did it. For work that waits on child processes, so
/// `width` is about the machine's cores, not a thread budget.
func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], width: Int, _ body: @Sendable (T) -> R, onEach: @Sendable (T, Int) -> Void
) -> [R] {
    let state = Mutex<(next: Int, done: Int, results: [R?])>((0, 0, Array(repeating: nil, count: items.count)))
    DispatchQueue.concurrentPerform(iterations: max(1, min(width, items.count))) { _ in
        while true {
            let i = state.withLock { s in
                defer { s.next += 1 }
                return s.next
            }
            guard i < items.count else { return }
            let r = body(items[i])
            let done = state.withLock { s in
                s.results[i] = r
                s.done += 1
                return s.done
            }
            onEach(items[i], done)
        }
    }
    return state.withLock { $0.results.map { $0! } }
}
