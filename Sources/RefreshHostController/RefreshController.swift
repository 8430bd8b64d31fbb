import RefreshLayers

/// Drives one style through the refresh lifecycle, the way
/// JHPullToRefreshKit drives its subclasses:
///
///     idle -> pulling -> armed --release--> refreshing (cycles)
///       -> exiting (exit animation, waits for done) -> resetting -> idle
///
/// (with the on-reach trigger policy, reaching the trigger distance starts
/// the refresh while the finger is still down). Starts asked for while the
/// exit runs or the header closes wait for idle; every other start that
/// cannot run is refused with a reason.
///
/// Input (finger, programmatic start and end) takes effect at the timeline's
/// current time; `advance(to:)` moves time forward, firing timed work at its
/// exact time and then updating the pull, the header and the style's tick.
public final class RefreshController {
    public let tree: LayerTree
    public let scroll: ScrollView
    public let animator: StyleAnimator
    public let viewportWidth: Double
    /// The style's root layer: a RECT, viewport-wide and `height` tall, whose
    /// top-left corner the controller places each frame.
    public let root: LayerID
    public var metrics: StyleMetrics { animator.metrics }
    /// What the host decided for this instance (physics, trigger, theme, ...).
    public let environment: HostEnvironment
    /// How the current (or last) refresh ended.
    public private(set) var result = RefreshResult.success
    public var timeline: Timeline { tree.timeline }

    public private(set) var state: RefreshState = .idle
    /// Cycles run in the current (or last) refresh.
    public private(set) var cycleCount = 0
    /// Cycles run since the controller was made.
    public private(set) var totalCycles = 0
    /// How long the controller waits for an exit's done before going on.
    public var exitDeadline: Double = 5
    /// How long after the header starts to close the style is reset
    /// (JHPullToRefreshKit: the 0.25 s inset animation, then 0.25 s more).
    public var resetDelay: Double = 0.5
    public private(set) var isEnabled = true
    /// The running refresh has been asked to end.
    public var isEnding: Bool { endRequested }

    private var observers: [(id: Int, handler: (Double, RefreshEvent) -> Void)] = []
    private var nextObserverID = 0
    private var endRequested = false
    private var cycleInFlight = 0
    private var lastPullDistance = 0.0
    private var snap: AnchorSnap?
    private var lastTick: Double?
    private var exitStart = 0.0
    private var exitWaiting = false
    private var exitNumber = 0
    private var destroyed = false
    /// A programmatic start asked for during the exit or the closing: it runs at idle.
    private var startQueued = false
    /// The host's own haptic has played in this pull.
    private var hapticPlayed = false
    /// The header has shown something since it last closed.
    private var open = false
    private var fingerX: Double?
    private var limits = RequestLimits()
    private var positions = PositionTracker()
    /// The style's metrics with the host's choices applied (the presentation).
    private let placement: StyleMetrics

    /// Makes the root layer and runs the style's setup.
    public init(animator: StyleAnimator, tree: LayerTree, viewportWidth: Double, viewportHeight: Double,
                settings: RunSettings = RunSettings()) throws {
        self.animator = animator
        let environment = settings.environment(for: animator.metrics, width: viewportWidth, height: viewportHeight)
        self.environment = environment
        self.tree = tree
        self.viewportWidth = viewportWidth
        self.scroll = ScrollView(viewportHeight: viewportHeight,
                                 profile: PhysicsProfile(environment.physics, viewport: viewportHeight,
                                                         maxPull: environment.maxPull))
        var placement = animator.metrics
        placement.presentation = environment.presentation
        self.placement = placement
        let h = animator.metrics.height
        root = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.anchorX, 0, on: root)
        try tree.set(.anchorY, 0, on: root)
        try tree.set(.width, viewportWidth, on: root)
        try tree.set(.height, h, on: root)
        try tree.set(.positionY, environment.edge.rootTop(
            headerTop: headerTop(distance: 0, metrics: placement, anchor: placement.anchor), height: h,
            viewportHeight: viewportHeight), on: root)
        animator.requestHandler = { [weak self] request in self?.accept(request) ?? false }
        do {
            try animator.setup(root: root, environment: environment)
        } catch {
            tree.discardAnimations(under: root)
            try? tree.removeLayer(root)
            throw error
        }
    }

    /// The distance that arms (on release) or starts (on reach) a refresh.
    public var triggerDistance: Double { environment.triggerDistance }

    // MARK: Observing

    /// Calls `handler(time, event)` for every event until `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping (Double, RefreshEvent) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return nextObserverID
    }

    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    private func emit(_ event: RefreshEvent) {
        let now = timeline.now
        for observer in observers { observer.handler(now, event) }
    }

    /// A style's own haptic or announcement, within the documented limits.
    private func accept(_ request: StyleRequest) -> Bool {
        guard !destroyed else { return false }
        switch request {
        case let .haptic(kind):
            guard limits.admit(.haptic, at: timeline.now) else { return false }
            emit(.haptic(kind, requested: true))
        case let .announce(text):
            guard limits.admit(.announce, at: timeline.now) else { return false }
            emit(.announced(text))
        }
        return true
    }

    private var announcements: Announcements {
        metrics.announcements ?? (environment.edge == .top ? .header : .footer)
    }

    /// Says `text` unless the style silenced it with an empty string.
    private func announce(_ text: String) {
        if !text.isEmpty { emit(.announced(text)) }
    }

    /// The host's own haptic: once per pull, at arming or triggering.
    private func playHaptic() {
        guard !hapticPlayed else { return }
        hapticPlayed = true
        emit(.haptic(.medium, requested: false))
    }

    // MARK: Input

    /// Puts a finger down at `x` points from the viewport's left edge
    /// (default: its centre).
    public func touchDown(x: Double? = nil) {
        guard !destroyed else { return }
        scroll.touchDown(at: timeline.now)
        fingerX = x ?? viewportWidth / 2
        hapticPlayed = false
        emit(.touched)
    }

    /// Moves the finger to `translation` points below where it touched, in a
    /// straight line arriving at `time` (default: now), and to `x` if given.
    public func moveFinger(to translation: Double, arrivingAt time: Double? = nil, x: Double? = nil) {
        guard !destroyed else { return }
        scroll.moveFinger(to: translation, at: time ?? timeline.now)
        if let x, scroll.isTouching { fingerX = x }
    }

    /// Lifts the finger: past the trigger distance, and not refreshing, that
    /// starts a refresh (on-release policy); a refresh started on reach settles.
    public func release() {
        guard !destroyed, scroll.isTouching else { return }
        let now = timeline.now
        let distance = scroll.pullDistance(at: now)
        // The style sees the pull as it was when the finger lifted, not as of
        // the last frame, so what follows does not depend on the frame rate.
        if isEnabled, state.receivesPull, distance != lastPullDistance {
            lastPullDistance = distance
            let t = triggerDistance
            animator.pull(distance: distance, ratio: min(distance, t) / t, velocity: scroll.fingerVelocity(at: now))
        }
        // The same for a 1.3 style: the last dragging position is the lift's.
        if isEnabled, let update = positions.next(position(distance: distance, touching: true, at: now)) {
            animator.position(update)
        }
        scroll.release(at: now)
        fingerX = nil
        let refreshes = isEnabled && state.receivesPull && distance > triggerDistance
        // A refresh the pull started on reach settles now.
        emit(.released(distance: distance, refreshes: refreshes || (state == .refreshing && environment.trigger == .onReach)))
        if refreshes {
            if metrics.anchor != .top {
                snap = AnchorSnap(start: now, from: headerSpaceY(distance: distance, at: now))
                lastPullDistance = metrics.height
                animator.pull(distance: metrics.height, ratio: 1, velocity: 0)
            }
            startRefreshing(programmatic: false, settling: true)
        }
    }

    /// Starts a refresh without a gesture, as `beginRefreshing` does. Returns
    /// false (and reports why) when the controller cannot start one; a start
    /// during the exit or the closing waits for idle (and returns true).
    @discardableResult
    public func beginRefreshing() -> Bool {
        guard !destroyed else { return false }
        guard isEnabled else { emit(.ignored("start: the control is disabled")); return false }
        switch state {
        case .idle, .pulling, .armed:
            startRefreshing(programmatic: true, settling: false)
            return true
        case .exiting, .resetting:
            guard !startQueued else { emit(.ignored("start: a start is already waiting")); return false }
            startQueued = true
            emit(.queued("start: runs once the header has closed (now \(state))"))
            return true
        case .refreshing, .noMore:
            emit(.ignored("start: already \(state)"))
            return false
        }
    }

    /// Asks the refresh to end with `result`. The cycle in flight always completes first.
    @discardableResult
    public func endRefreshing(result: RefreshResult = .success) -> Bool {
        guard !destroyed else { return false }
        guard state == .refreshing else {
            emit(.ignored("end: not refreshing (\(state))"))
            return false
        }
        guard !endRequested else {
            emit(.ignored("end: already requested"))
            return false
        }
        endRequested = true
        self.result = result
        emit(.endRequested(cycleInFlight: cycleInFlight))
        emit(.result(result))
        return true
    }

    /// Disabling hides the header, stops pulls from arming and ends a running
    /// refresh the normal way; enabling shows it again.
    public func setEnabled(_ enabled: Bool) {
        guard !destroyed, enabled != isEnabled else { return }
        isEnabled = enabled
        try? tree.set(.hidden, enabled ? 0 : 1, on: root)
        if !enabled, state == .refreshing, !endRequested { endRefreshing() }
        if !enabled, startQueued {
            startQueued = false
            emit(.ignored("start: the control was disabled while the start waited"))
        }
    }

    // MARK: Time

    /// Moves time to `time`: timed work first, each at its exact moment, then
    /// the frame: pull state and callbacks, header position, tick.
    public func advance(to time: Double) {
        guard !destroyed else { return }
        timeline.advance(to: time)
        updateFrame()
    }

    public var pullDistance: Double { scroll.pullDistance(at: timeline.now) }

    /// How far the list itself moved: the pull, except with the front
    /// presentation, where the list stays still and the header floats over it.
    public var listOffset: Double { environment.presentation == .front ? 0 : pullDistance }

    /// How far the list is stretched, as a fraction of its height (android-stretch physics).
    public var listStretch: Double { scroll.stretch(at: timeline.now) }

    /// The root's top edge in the viewport at the current time.
    public var headerY: Double { headerY(distance: pullDistance, at: timeline.now) }

    /// The footer has shown "no more data" since its last load (ABI 1.3):
    /// it stays so until `resetNoMoreData`.
    public var showsNoMoreData: Bool { state == .noMore }

    /// Whether nothing is running: idle, list at rest, no timed work pending.
    public var isAtRest: Bool {
        guard scroll.isSettled(at: timeline.now) else { return false }
        // A footer with no more data stays on screen: at rest once its own animations are over.
        return state == .idle || (state == .noMore && tree.animationCount(under: root) == 0)
    }

    private func updateFrame() {
        let now = timeline.now
        let distance = scroll.pullDistance(at: now)
        let touching = scroll.isTouching
        if distance > 0 { open = true }
        if state.receivesPull {
            let t = triggerDistance
            let reached = touching && isEnabled && distance > t
            if reached, environment.trigger == .onReach {
                playHaptic()
                startRefreshing(programmatic: false, settling: true)
            } else {
                let next: RefreshState = reached ? .armed : (distance > 0 ? .pulling : .idle)
                if next == .armed { playHaptic() }
                transition(to: next)
                if isEnabled, distance != lastPullDistance {
                    lastPullDistance = distance
                    animator.pull(distance: distance, ratio: min(distance, t) / t, velocity: scroll.fingerVelocity(at: now))
                }
            }
        }
        if isEnabled, let update = positions.next(position(distance: distance, touching: touching, at: now)) {
            animator.position(update)
        }
        try? tree.set(.positionY, headerY(distance: distance, at: now), on: root)
        if animator.wantsTick {
            animator.tick(time: now, dt: lastTick.map { now - $0 } ?? 0)
        }
        lastTick = now
        if open, state == .idle, !touching, distance == 0 {
            open = false
            limits.reset()
            animator.closed()
            emit(.closed)
        }
    }

    private func position(distance: Double, touching: Bool, at time: Double) -> PullUpdate {
        let x = touching ? fingerX : nil
        return PullUpdate(
            phase: PositionTracker.phase(touching: touching, state: state, distance: distance,
                                         resting: scroll.insetTop(at: time)),
            distance: distance, ratio: distance / triggerDistance,
            velocity: touching ? scroll.fingerVelocity(at: time) : 0,
            fingerX: x, fingerFraction: x.map { min(1, max(0, $0 / viewportWidth)) })
    }

    private func headerY(distance: Double, at time: Double) -> Double {
        environment.edge.rootTop(headerTop: headerSpaceY(distance: distance, at: time), height: metrics.height,
                                 viewportHeight: scroll.viewportHeight)
    }

    /// `headerY` as a header would have it, measured from the top edge.
    private func headerSpaceY(distance: Double, at time: Double) -> Double {
        // Once snapped on release, the root stays top-anchored until reset.
        guard let snap else { return headerTop(distance: distance, metrics: placement, anchor: placement.anchor) }
        return snap.top(at: time, target: headerTop(distance: distance, metrics: placement, anchor: .top))
    }

    // MARK: The lifecycle

    private func transition(to new: RefreshState) {
        guard new != state else { return }
        let old = state
        state = new
        emit(.stateChanged(from: old, to: new))
        // Prompts only while a finger pulls: never while the list returns.
        if scroll.isTouching, old.receivesPull {
            if new == .pulling, old == .idle { announce(announcements.pulling) }
            if new == .armed { announce(announcements.armed) }
        }
        animator.stateChanged(from: old, to: new)
    }

    private func startRefreshing(programmatic: Bool, settling: Bool) {
        transition(to: .refreshing)
        emit(.didStart(programmatic: programmatic))
        announce(announcements.refreshing)
        scroll.setInsetTop(metrics.height, at: timeline.now, settling: settling)
        endRequested = false
        result = .success
        cycleCount = 0
        startCycle()
    }

    /// One cycle: setupForCycle, then cycle inside an animate block of the
    /// style's cycle timing. Its completion decides what comes next.
    private func startCycle() {
        cycleCount += 1
        totalCycles += 1
        let number = cycleCount
        cycleInFlight = number
        let m = metrics
        let start = timeline.now
        let scheduledEnd = start + m.cycleDelay + m.cycleDuration
        emit(.didStartCycle(number))
        animator.setupForCycle()
        do {
            try tree.beginAnimation(Timing(duration: m.cycleDuration, delay: m.cycleDelay, curve: m.cycleCurve))
            animator.cycle()
            try tree.commitAnimation { [weak self] _ in self?.cycleEnded(number, scheduledEnd: scheduledEnd) }
        } catch {
            // The metrics were validated when the style loaded; keep the
            // cadence even so, rather than stalling the refresh.
            schedule(at: scheduledEnd) { [weak self] in self?.cycleEnded(number, scheduledEnd: scheduledEnd) }
        }
    }

    private func cycleEnded(_ number: Int, scheduledEnd: Double) {
        guard !destroyed, state == .refreshing, number == cycleInFlight else { return }
        // A style that cancels its own cycle animation does not get to run
        // cycles faster than its cycle duration.
        if timeline.now < scheduledEnd {
            schedule(at: scheduledEnd) { [weak self] in self?.cycleEnded(number, scheduledEnd: scheduledEnd) }
            return
        }
        cycleInFlight = 0
        emit(.didEndCycle(number))
        if endRequested || !isEnabled {
            beginExit()
        } else {
            startCycle()
        }
    }

    private func beginExit() {
        transition(to: .exiting)
        emit(.exitStarted)
        announce(announcements.ending(result.kind))
        exitStart = timeline.now
        exitWaiting = true
        exitNumber += 1
        let number = exitNumber
        let deadline = exitDeadline
        if metrics.exitWhileClosing { scroll.setInsetTop(0, at: timeline.now) }
        schedule(at: exitStart + deadline) { [weak self] in
            // Only this exit's deadline: an earlier exit's timer must not cut a later one short.
            guard let self, self.exitWaiting, self.exitNumber == number else { return }
            self.exitWaiting = false
            self.animator.abandonExit()
            self.emit(.exitDeadlinePassed(deadline: deadline))
            self.finishExit()
        }
        animator.exit(result: result) { [weak self] in self?.exitDone() }
    }

    private func exitDone() {
        guard !destroyed, exitWaiting else { return }
        exitWaiting = false
        // done may arrive from inside exit() itself: finish on the timeline,
        // not on the style's stack.
        schedule(at: timeline.now) { [weak self] in
            guard let self else { return }
            self.emit(.exitDone(after: self.timeline.now - self.exitStart))
            self.finishExit()
        }
    }

    private func finishExit() {
        emit(.didEnd)
        // A footer whose load found nothing more stays open, saying so (ABI 1.3).
        if environment.edge == .bottom, result.kind == .noMore {
            transition(to: .noMore)
            endRequested = false
            if startQueued {
                startQueued = false
                emit(.ignored("start: there is no more data"))
            }
            return
        }
        close()
    }

    /// The app has new content (or refreshed at the top): a footer showing
    /// "no more data" closes and may load again.
    public func resetNoMoreData() {
        guard !destroyed, state == .noMore else { return }
        close()
    }

    /// Closes the header after an exit: resetting, the inset back to 0, then
    /// reset and idle (or pulling, under a finger).
    private func close() {
        transition(to: .resetting)
        // A style that closes while its exit runs is closing already.
        if scroll.insetTop(at: timeline.now) != 0 { scroll.setInsetTop(0, at: timeline.now) }
        schedule(at: timeline.now + resetDelay) { [weak self] in
            guard let self else { return }
            self.animator.reset()
            self.snap = nil
            self.endRequested = false
            self.emit(.didReset)
            let now = self.timeline.now
            let distance = self.scroll.pullDistance(at: now)
            self.lastPullDistance = distance
            self.transition(to: distance > 0 || self.scroll.isTouching ? .pulling : .idle)
            if self.startQueued {
                self.startQueued = false
                if self.isEnabled, self.state.receivesPull { self.startRefreshing(programmatic: true, settling: false) }
            }
        }
    }

    /// Timed work of the controller's own; none of it runs after destroy.
    private func schedule(at time: Double, _ action: @escaping () -> Void) {
        timeline.schedule(at: time) { [weak self] in
            guard let self, !self.destroyed else { return }
            action()
        }
    }

    /// Destroys the style (in any state) and removes its layers.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        observers.removeAll()
        animator.destroy()
        tree.discardAnimations(under: root)
        try? tree.removeLayer(root)
    }
}
