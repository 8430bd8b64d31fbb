@testable import RefreshLayers

/// Floating-point comparison with an absolute tolerance.
func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// A tree on a fresh timeline at t = 0.
func makeTree() -> (LayerTree, Timeline) {
    let timeline = Timeline()
    return (LayerTree(timeline: timeline), timeline)
}

/// Collects completion results in the order they are delivered.
final class CompletionLog {
    var calls: [(tag: String, finished: Bool, time: Double)] = []
    let timeline: Timeline

    init(_ timeline: Timeline) { self.timeline = timeline }

    func callback(_ tag: String) -> (Bool) -> Void {
        { [self] finished in calls.append((tag, finished, timeline.now)) }
    }

    var tags: [String] { calls.map(\.tag) }
    var results: [Bool] { calls.map(\.finished) }
}
