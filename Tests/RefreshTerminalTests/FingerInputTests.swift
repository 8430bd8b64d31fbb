import RefreshHostController
import RefreshLayers
import Testing
@testable import RefreshTerminal

/// A style that draws nothing and finishes its exit at once: the input under
/// test drives a real controller and real scroll physics on a virtual clock.
final class BlankStyle: StyleAnimator {
    let label = "blank"
    let metrics = StyleMetrics(height: 60, cycleDuration: 0.5)
    func setup(root: LayerID, environment: HostEnvironment) throws {}
    func pull(distance: Double, ratio: Double, velocity: Double) {}
    private(set) var fingerX: Double?
    func position(_ update: PullUpdate) { if update.phase == .dragging { fingerX = update.fingerX } }
    func closed() {}
    func stateChanged(from old: RefreshState, to new: RefreshState) {}
    func setupForCycle() {}
    func cycle() {}
    func exit(result: RefreshResult, done: @escaping () -> Void) { done() }
    func abandonExit() {}
    func reset() {}
    let wantsTick = false
    func tick(time: Double, dt: Double) {}
    func destroy() {}
    var requestHandler: ((StyleRequest) -> Bool)?
}

@Suite struct FingerInputTests {
    let style = BlankStyle()
    let controller: RefreshController
    let layout = Layout(columns: 100, rows: 40, viewportWidth: 375, viewportHeight: 300)!

    init() {
        controller = try! RefreshController(animator: style, tree: LayerTree(timeline: Timeline()),
                                            viewportWidth: 375, viewportHeight: 300)
    }

    func frames(_ seconds: Double) {
        let end = controller.timeline.now + seconds
        while controller.timeline.now < end { controller.advance(to: controller.timeline.now + 1.0 / 60) }
    }

    @Test("Down presses pull further each time, Up eases back, Space releases into a refresh")
    func keys() {
        let input = FingerInput()
        var pulls: [Double] = []
        for _ in 0..<8 {
            #expect(input.handle(.key(.down), controller: controller, layout: layout) == .handled)
            frames(0.1)
            pulls.append(controller.pullDistance)
        }
        #expect(zip(pulls, pulls.dropFirst()).allSatisfy { $0 < $1 }, "\(pulls)")
        #expect(controller.state == .armed && input.translation == 8 * input.keyStep)
        input.handle(.key(.up), controller: controller, layout: layout)
        frames(0.1)
        #expect(controller.pullDistance < pulls.last!)
        #expect(input.handle(.key(.space), controller: controller, layout: layout) == .handled)
        #expect(controller.state == .refreshing)
        #expect(input.handle(.key(.space), controller: controller, layout: layout) == .ignored)
        input.handle(.key(.character("e")), controller: controller, layout: layout)
        frames(1.5)
        #expect(controller.state == .idle)
        input.handle(.key(.character("r")), controller: controller, layout: layout)
        #expect(controller.state == .refreshing)
        #expect(input.handle(.key(.character("q")), controller: controller, layout: layout) == .quit)
        #expect(input.handle(.key(.interrupt), controller: controller, layout: layout) == .interrupt)
    }

    @Test("mouse: a press on the phone is a finger, a drag of N rows moves it N rows of points, a release lifts it")
    func mouse() {
        let input = FingerInput()
        #expect(input.handle(.mouse(MouseEvent(.press, column: 40, row: 2)), controller: controller, layout: layout) == .handled)
        #expect(controller.scroll.isTouching)
        input.handle(.mouse(MouseEvent(.drag, column: 41, row: 30)), controller: controller, layout: layout)
        #expect(abs(input.translation - 28 * layout.pointsPerRow) < 1e-9)
        frames(0.1)
        #expect(abs(controller.pullDistance - rubberBand(28 * layout.pointsPerRow, dimension: 300)) < 1e-6)
        #expect(controller.state == .armed)
        input.handle(.mouse(MouseEvent(.release, column: 41, row: 30)), controller: controller, layout: layout)
        #expect(!controller.scroll.isTouching && controller.state == .refreshing)
    }

    @Test("mouse: presses beside the phone, other buttons and drags without a press do nothing")
    func mouseIgnored() {
        let input = FingerInput()
        #expect(input.handle(.mouse(MouseEvent(.press, column: 99, row: 5)), controller: controller, layout: layout) == .ignored)
        #expect(input.handle(.mouse(MouseEvent(.press, button: 2, column: 40, row: 5)), controller: controller, layout: layout) == .ignored)
        #expect(input.handle(.mouse(MouseEvent(.drag, column: 40, row: 30)), controller: controller, layout: layout) == .ignored)
        #expect(input.handle(.mouse(MouseEvent(.release, column: 40, row: 30)), controller: controller, layout: layout) == .ignored)
        #expect(!controller.scroll.isTouching && controller.state == .idle)
    }

    @Test("f ends a refresh as a failure (ABI 1.3's result), e as a success")
    func failureKey() {
        let input = FingerInput()
        var results: [RefreshResult] = []
        controller.addObserver { _, event in if case let .result(r) = event { results.append(r) } }
        input.handle(.key(.character("r")), controller: controller, layout: layout)
        frames(0.2)
        #expect(input.handle(.key(.character("f")), controller: controller, layout: layout) == .handled)
        frames(1.5)
        input.handle(.key(.character("r")), controller: controller, layout: layout)
        frames(0.2)
        input.handle(.key(.character("e")), controller: controller, layout: layout)
        frames(1.5)
        #expect(results.map(\.kind) == [.failure, .success])
    }

    @Test("mouse: the finger is where the press was, and follows the drag's column; keys put it in the middle")
    func mouseX() throws {
        let input = FingerInput()
        input.handle(.mouse(MouseEvent(.press, column: 40, row: 2)), controller: controller, layout: layout)
        input.handle(.mouse(MouseEvent(.drag, column: 40, row: 12)), controller: controller, layout: layout)
        frames(0.1)
        let pressed = try #require(layout.point(column: 40, row: 2)).x
        #expect(style.fingerX == pressed)
        input.handle(.mouse(MouseEvent(.drag, column: 60, row: 14)), controller: controller, layout: layout)
        frames(0.1)
        #expect(style.fingerX == layout.point(column: 60, row: 14)?.x && pressed < style.fingerX!)
        input.handle(.mouse(MouseEvent(.release, column: 60, row: 14)), controller: controller, layout: layout)
        frames(2)
        input.handle(.key(.down), controller: controller, layout: layout)
        frames(0.1)
        #expect(style.fingerX == 187.5)
    }

    @Test("a footer pulls up: Up pulls and Down eases back, and a mouse drag upwards is the pull")
    func footer() {
        let input = FingerInput()
        input.pullsUp = true
        input.handle(.key(.up), controller: controller, layout: layout)
        input.handle(.key(.up), controller: controller, layout: layout)
        #expect(input.translation == 2 * input.keyStep)
        input.handle(.key(.down), controller: controller, layout: layout)
        #expect(input.translation == input.keyStep)
        input.handle(.key(.space), controller: controller, layout: layout)
        frames(2)
        input.handle(.mouse(MouseEvent(.press, column: 40, row: 30)), controller: controller, layout: layout)
        input.handle(.mouse(MouseEvent(.drag, column: 40, row: 10)), controller: controller, layout: layout)
        #expect(abs(input.translation - 20 * layout.pointsPerRow) < 1e-9)
    }
}
