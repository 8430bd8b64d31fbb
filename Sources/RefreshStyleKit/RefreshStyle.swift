/// A pull-to-refresh animation style, written in Swift.
///
/// The host makes one object per running header (several may run at once):
/// keep all state in the object, none in globals. Every method is called on
/// the host's main thread, in this order:
///
///     setup -> (position | stateChanged)* ->
///       [refresh: (setupForCycle, cycle)+ -> exit(result:) -> (done) -> reset -> closed]* -> destroy
///
/// Only `descriptor`, `init(host:)` and `setup(root:)` are required; the
/// rest default to doing nothing (`exit` calls `done` at once). The kit
/// speaks ABI 1.4: `position` arrives in every phase (its default passes
/// the dragging and returning ones on to `pull`, as 1.0 hosts did), and
/// `exit(result:done:)` carries how the refresh ended (its default calls
/// `exit(done:)`). The object
/// is released when the host destroys the instance. Make the class `final`
/// (or its `init(host:)` `required`), and list it in `entry(for:)`.
public protocol RefreshStyle: RunningStyle {
    /// Read once, when the library's entry is built.
    static var descriptor: StyleDescriptor { get }

    /// Whether the host should call `tick` every frame. False by default, so
    /// the host does not call an empty tick 60 times a second.
    static var wantsTick: Bool { get }

    /// Keep `host`: it is how the style makes layers and animates them.
    init(host: StyleHost)
}

extension RefreshStyle {
    public static var wantsTick: Bool { false }
}

/// The object behind one running header: what `RefreshStyle` adds its
/// descriptor and initializer to. A style made from data (`StyleCatalog`)
/// conforms to this alone, since its descriptor comes from the data.
public protocol RunningStyle: AnyObject {
    /// Builds the layers under `root`, a rect as wide as the viewport and
    /// `descriptor.height` high. Return false if the style cannot run.
    func setup(root: Layer) -> Bool

    /// The user is pulling (or the list is bouncing back), not refreshing.
    /// `ratio = min(distance, height) / height`; velocity in points/s.
    func pull(distance: Double, ratio: Double, velocity: Double)

    func stateChanged(from old: RefreshState, to new: RefreshState)

    /// ABI 1.3: the header moved, in any phase (dragging, returning,
    /// settling into the refresh, resting, closing), at most once a frame.
    /// By default passes dragging and returning on to `pull`, with the ratio
    /// capped at 1.
    func position(_ pull: Pull)

    /// ABI 1.3: the header is fully closed (after a pull that did not
    /// refresh, or after `reset`).
    func closed()

    /// Puts the layers in their start position before each cycle (outside
    /// any animate block).
    func setupForCycle()

    /// One cycle, inside an animate block the host opened with the
    /// descriptor's cycle duration, delay and curve: plain property changes
    /// tween over the cycle.
    func cycle()

    /// The refresh has ended: run the exit animation and call `done` once it
    /// has finished.
    func exit(done: @escaping () -> Void)

    /// ABI 1.3: as `exit(done:)`, with how the refresh ended, so a failure
    /// can end differently. By default calls `exit(done:)`.
    func exit(result: RefreshResult, done: @escaping () -> Void)

    /// The header has closed: return every layer to its state after setup.
    func reset()

    /// Once per frame when `wantsTick` is true: host time and the time since
    /// the previous tick (0 on the first).
    func tick(time: Double, dt: Double)
}

extension RunningStyle {
    public func pull(distance: Double, ratio: Double, velocity: Double) {}
    public func stateChanged(from old: RefreshState, to new: RefreshState) {}
    public func position(_ pull: Pull) {
        if pull.isPull { self.pull(distance: pull.distance, ratio: min(pull.ratio, 1), velocity: pull.velocity) }
    }
    public func closed() {}
    public func setupForCycle() {}
    public func cycle() {}
    public func exit(done: @escaping () -> Void) { done() }
    public func exit(result: RefreshResult, done: @escaping () -> Void) { exit(done: done) }
    public func reset() {}
    public func tick(time: Double, dt: Double) {}
}
