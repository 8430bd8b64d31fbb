import RefreshLayers

/// The one narrow interface between the controller and a style.
///
/// The in-process implementation forwards each call through the libffi
/// dispatcher into a plugin; an out-of-process one can forward the same calls
/// to a child process. The controller never sees a plugin pointer.
/// Every method is called on the controller's thread, never re-entrantly.
public protocol StyleAnimator: AnyObject {
    /// A label for logs: the style id and instance number.
    var label: String { get }
    var metrics: StyleMetrics { get }

    /// Builds the style's layers under `root`, for the host's decisions in
    /// `environment`. Throws when the style refuses to run.
    func setup(root: LayerID, environment: HostEnvironment) throws
    /// The ABI 1.0 pull callback: only while not refreshing (see the header).
    func pull(distance: Double, ratio: Double, velocity: Double)
    /// The position in every phase (ABI 1.3); a style that takes it gets no `pull`.
    func position(_ update: PullUpdate)
    /// The header is fully closed.
    func closed()
    func stateChanged(from old: RefreshState, to new: RefreshState)
    func setupForCycle()
    /// Called inside the cycle's animate block, which the controller opened.
    func cycle()
    /// Starts the exit animation for a refresh that ended with `result`.
    /// `done` must run once when it finishes; a style without an exit
    /// animation runs it before returning.
    func exit(result: RefreshResult, done: @escaping () -> Void)
    /// The exit deadline passed: any later `done` is late and must be ignored.
    func abandonExit()
    func reset()
    /// Whether `tick` does anything, so the frame loop can skip it.
    var wantsTick: Bool { get }
    func tick(time: Double, dt: Double)
    func destroy()
    /// Where the style's own requests (haptics, announcements) go; the
    /// handler answers whether the request was accepted (false: a limit).
    var requestHandler: ((StyleRequest) -> Bool)? { get set }
}
