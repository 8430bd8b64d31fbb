import RefreshHostController
import RefreshWorker
import RefreshLayers

/// One frame of a running style, as every consumer needs it to draw and to
/// report: the header's layers (root first), the pull and where the list is,
/// the controller's state, and what happened since the previous frame.
public struct SessionFrame: Equatable, Sendable {
    /// The time shown, and (for animations) until when it is shown.
    public var time: Double
    public var until: Double
    public var state: RefreshState
    public var pull: Double
    public var headerTop: Double
    /// Where the list is (front presentation, android-stretch).
    public var list: ListPlacement
    public var cycle: Int
    public var totalCycles: Int
    public var isTouching: Bool
    public var layers: [LayerSnapshot]
    /// What the controller reported since the previous frame, at the times it happened.
    public var events: [SessionEvent] = []
    /// Past any motion: the list settled and the header idle (or showing no more data, still).
    public var isAtRest = false
    /// The most events one frame may bring (a frame after a long step brings many).
    public static let maxEvents = 4096

    /// What the user felt or heard since the previous frame (ABI 1.3): "haptic
    /// medium", "says \"Refreshing\"".
    public var cues: [String] { events.compactMap { $0.event?.cue } }

    public init(time: Double, until: Double, state: RefreshState, pull: Double, headerTop: Double,
                list: ListPlacement? = nil, cycle: Int, totalCycles: Int, isTouching: Bool, layers: [LayerSnapshot]) {
        self.time = time
        self.until = until
        self.state = state
        self.pull = pull
        self.headerTop = headerTop
        self.list = list ?? ListPlacement(offset: pull)
        self.cycle = cycle
        self.totalCycles = totalCycles
        self.isTouching = isTouching
        self.layers = layers
    }

    /// The controller's current state, `until` the next frame.
    public init(_ controller: RefreshController, until: Double? = nil, events: [SessionEvent] = [], withLayers: Bool = true) {
        let now = controller.timeline.now
        self.init(time: now, until: until ?? now, state: controller.state, pull: controller.pullDistance,
                  headerTop: controller.headerY, list: controller.listPlacement, cycle: controller.cycleCount,
                  totalCycles: controller.totalCycles, isTouching: controller.scroll.isTouching,
                  layers: withLayers ? controller.tree.snapshot(root: controller.root) : [])
        self.events = events
        isAtRest = controller.isAtRest
    }

    func encode(into w: inout WireWriter, images: ImageWireCache) {
        for v in [time, until, pull, headerTop, list.offset, list.stretch] { w.f64(v) }
        w.bool(!layers.isEmpty)
        w.bool(list.headerInFront)
        w.bool(list.fromBottom)
        w.u8(UInt8(state.rawValue))
        w.u32(UInt32(clamping: cycle))
        w.u32(UInt32(clamping: totalCycles))
        w.bool(isTouching)
        SnapshotCoding.encode(layers, into: &w, images: images)
        // Events travel as messages of their own, as they happen (see SessionMessage.event).
        w.bool(isAtRest)
    }

    static func decode(_ r: inout WireReader, images: ImageWireCache) throws(WireError) -> SessionFrame {
        let time = try r.finite("a frame's time"), until = try r.finite("a frame's end")
        let pull = try r.finite("the pull"), top = try r.finite("the header's top")
        let offset = try r.finite("the list's offset"), stretch = try r.finite("the list's stretch")
        let withLayers = try r.bool()
        let front = try r.bool(), bottom = try r.bool()
        guard let state = RefreshState(rawValue: Int32(try r.u8())) else { throw WireError("unknown refresh state") }
        let cycle = Int(try r.u32()), total = Int(try r.u32())
        let touching = try r.bool()
        let layers = try SnapshotCoding.decode(&r, images: images)
        guard !layers.isEmpty || !withLayers else { throw WireError("a frame without the header's root layer") }
        guard layers.isEmpty || withLayers else { throw WireError("a frame with layers where none were asked for") }
        var frame = SessionFrame(time: time, until: until, state: state, pull: pull, headerTop: top,
                               list: ListPlacement(offset: offset, stretch: stretch, headerInFront: front, fromBottom: bottom), cycle: cycle,
                               totalCycles: total, isTouching: touching, layers: layers)
        frame.isAtRest = try r.bool()
        return frame
    }
}
