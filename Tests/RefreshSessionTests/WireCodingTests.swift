import RefreshHostController
import RefreshPluginRuntime
import RefreshWorker
import RefreshLayers
@testable import RefreshSession
import Testing

/// A small tree with every kind of layer, path element and a gradient: what a frame carries.
func sampleLayers() throws -> [LayerSnapshot] {
    let tree = LayerTree(timeline: Timeline())
    let root = try tree.createLayer(kind: .rect, parent: nil)
    try tree.set(.width, 375, on: root)
    try tree.set(.height, 100, on: root)
    let group = try tree.createLayer(kind: .group, parent: root)
    let path = try tree.createLayer(kind: .path, parent: group)
    try tree.setPath([.moveTo(x: 0, y: 0), .lineTo(x: 10, y: 5), .curveTo(c1x: 1, c1y: 2, c2x: 3, c2y: 4, x: 5, y: 6),
                      .arc(cx: 5, cy: 5, radius: 4, startAngle: 0, endAngle: 3), .close], on: path)
    let text = try tree.createLayer(kind: .text, parent: root)
    try tree.setText("Pull to refresh ✓", on: text)
    try tree.set(.rotation, 0.5, on: text)
    let oval = try tree.createLayer(kind: .ellipse, parent: root)
    try tree.setGradient(.vertical(.white, RGBA(0.2, 0.4, 0.6, 0.8)), on: oval)
    try tree.setColor(.fill, RGBA(1, 0, 0, 0.5), on: root)
    return tree.snapshot(root: root)
}

extension SessionMessage {
    /// The message on its own: every image it shows goes with its pixels.
    func encoded() -> WireWriter { encoded(images: ImageWireCache()) }

    init(decoding bytes: [UInt8]) throws(WireError) {
        try self.init(decoding: bytes, images: ImageWireCache())
    }
}

func frameMessage(_ layers: [LayerSnapshot]) -> SessionMessage {
    var frame = SessionFrame(time: 1.25, until: 1.3, state: .refreshing, pull: 100, headerTop: 0, cycle: 2, totalCycles: 5,
                           isTouching: false, layers: layers)
    // Events travel as messages of their own, so a frame on the wire has none.
    frame.isAtRest = true
    return .frame(frame)
}

/// A summary with every field set.
func sampleSummary() -> StyleSummary {
    StyleSummary(id: "com.x.y", name: "Y", version: "1.0", file: "/p/libY.so", triggerDistance: 60, height: 50,
                 environment: HostEnvironment(edge: .bottom, presentation: .front, trigger: .onReach, physics: .smart,
                                              triggerDistance: 60, restingHeight: 50, maxPull: 150, viewportWidth: 375,
                                              viewportHeight: 300, reduceMotion: true, theme: .dark))
}

/// A call into the plugin that made two service calls and had 1,000 more counted.
func tracedCall() -> PluginCall {
    PluginCall(function: "pull", target: "com.x.y#1", summary: "pull(distance: 1.0) -> true", duration: 3e-6,
               services: ServiceCalls(shown: [ServiceCall(service: "layer_set", arguments: "3, opacity, 0.5", result: "RH_OK",
                                                          duration: 4e-7),
                                              ServiceCall(service: "layer_create", arguments: "rect, 1", result: "4",
                                                          duration: 2e-6)],
                                      omitted: [.init(service: "layer_set", count: 1000)]))
}

@Suite("the session wire format")
struct WireCodingTests {
    @Test("every message survives the trip, a frame with every kind of layer exactly")
    func roundTrip() throws {
        let layers = try sampleLayers()
        #expect(layers.count == 5)
        let messages: [SessionMessage] = [
            .hello(version: WorkerProtocol.version), .opened(sampleSummary()), frameMessage(layers),
            .event(SessionEvent(time: 0.6, event: .didStart(programmatic: false))),
            .event(SessionEvent(time: 0.7, event: .result(RefreshResult(.noMore, message: "That's all")))),
            .event(SessionEvent(time: -1, kind: .log(HostLog.Entry(time: -1, source: "com.x.y#1", level: .warning,
                                                                     kind: .misuse, message: "rotation = nan")))),
            .event(SessionEvent(time: 0.8, kind: .call(PluginCall(function: "cycle", target: "com.x.y#1",
                                                                   summary: "cycle(index: 1)", duration: 2e-6)))),
            .event(SessionEvent(time: 0.9, kind: .call(tracedCall()))),
            .problem("x: warning: NaN"), .failed(.style, "create() returned NULL"),
        ]
        for message in messages {
            #expect(try SessionMessage(decoding: message.encoded().bytes) == message)
        }
        var settings = SessionSettings()
        settings.width = 320
        settings.pixelScale = 3
        settings.run = RunSettings(physics: .material, trigger: .onReach, presentation: .background, edge: .bottom,
                                   reduceMotion: true, theme: .dark)
        settings.parameters = ["speed": "2", "tint": "#FF0000"]
        settings.isolation = .inProcess
        var gesture = Gesture()
        gesture.start = .programmatic
        gesture.fingerEndFraction = 0.8
        gesture.result = RefreshResult(.noMore, message: "That's all")
        let commands: [SessionCommand] = [
            .input(.touchDown(x: nil)),
            .input(.touchDown(x: 12.5)), .input(.moveFinger(translation: 24, arriving: 0.06, x: 200)),
            .input(.moveFinger(translation: 48, arriving: nil, x: nil)), .input(.release), .input(.beginRefreshing),
            .input(.endRefreshing(.success)), .input(.endRefreshing(RefreshResult(.failure, message: "offline"))),
            .input(.script(gesture)), .input(.setEnabled(false)), .input(.setEnabled(true)),
            .step(0.5), .advance(1.5, layers: true), .advance(2, layers: false), .restart,
            .resize(width: 320, height: 480, scale: 3),
        ]
        #expect(try SessionCommand.decode(SessionCommand.encode(commands).bytes) == commands)
        let open = SessionOpen(file: "/p/libY.so", style: "com.x.y", settings: settings)
        var request = WireReader(open.encoded().bytes)
        #expect(try WorkerHead.decode(&request) == .open(job: WorkerJob.session.rawValue, version: WorkerProtocol.version))
        #expect(try SessionOpen(reading: &request) == open)
        let replies: [SessionMessage] = [.opened(sampleSummary()), .refused("no"),
                                         .problem("x: warning: NaN"), .failed(.notFound, "no style 'z'"),
                                         .resized(sampleSummary())]
        for reply in replies {
            #expect(try SessionMessage(decoding: reply.encoded(images: ImageWireCache()).bytes, images: ImageWireCache()) == reply)
        }
    }

    @Test("a traced call's service calls cross whole, and a count past what one call keeps is refused")
    func serviceCalls() throws {
        let message = SessionMessage.event(SessionEvent(time: 0.9, kind: .call(tracedCall())))
        let bytes = message.encoded().bytes
        #expect(try SessionMessage(decoding: bytes) == message)
        for length in 0..<bytes.count {
            #expect(throws: WireError.self) { try SessionMessage(decoding: Array(bytes[0..<length])) }
        }
        // As many as a worker's log keeps crosses; one more is a scribbled-on worker.
        var full = tracedCall()
        full.services.shown = Array(repeating: full.services.shown[0], count: ServiceCalls.limit)
        let kept = SessionMessage.event(SessionEvent(time: 1, kind: .call(full)))
        #expect(try SessionMessage(decoding: kept.encoded().bytes) == kept)
        full.services.shown.append(full.services.shown[0])
        let over = SessionMessage.event(SessionEvent(time: 1, kind: .call(full)))
        #expect(throws: WireError.self) { try SessionMessage(decoding: over.encoded().bytes) }
        var nan = tracedCall()
        nan.services.shown[0].duration = .nan
        #expect(throws: WireError.self) {
            try SessionMessage(decoding: SessionMessage.event(SessionEvent(time: 1, kind: .call(nan))).encoded().bytes)
        }
    }

    @Test("a resize outside the viewport's and scale's ranges is refused on arrival")
    func resizeRanges() {
        for (w, h, s) in [(9.0, 300.0, 1.0), (375, 10_001, 1), (375, 300, 0), (375, 300, 17)] {
            #expect(throws: WireError.self) {
                try SessionCommand.decode(SessionCommand.encode([.resize(width: w, height: h, scale: s)]).bytes)
            }
        }
    }

    @Test("a message cut anywhere is an error, never a crash or a partial frame")
    func truncations() throws {
        let bytes = frameMessage(try sampleLayers()).encoded().bytes
        for length in 0..<bytes.count {
            #expect(throws: WireError.self) { try SessionMessage(decoding: Array(bytes[0..<length])) }
        }
        #expect(throws: WireError.self) { try SessionMessage(decoding: bytes + [0]) }
    }

    @Test("flipped bytes decode to a valid frame or to an error: whatever a scribbled-on worker sends")
    func garbage() throws {
        let bytes = frameMessage(try sampleLayers()).encoded().bytes
        var generator = SplitMix(seed: 7)
        var errors = 0
        for _ in 0..<3000 {
            var copy = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                if case let .frame(frame) = try SessionMessage(decoding: copy) {
                    for layer in frame.layers {
                        for p in LayerProperty.allCases { #expect(layer[p].isFinite && p.range.contains(layer[p])) }
                        #expect(layer.fill.isValid && layer.stroke.isValid)
                        #expect(layer.path.allSatisfy { $0.numbers.allSatisfy(\.isFinite) })
                    }
                }
            } catch {
                errors += 1
            }
        }
        #expect(errors > 1000)
    }

    @Test("what the host's layer tree cannot produce is refused, with what was wrong")
    func refusals() throws {
        var layers = try sampleLayers()
        func refused(_ change: (inout [LayerSnapshot]) -> Void, _ words: String) throws {
            var copy = layers
            change(&copy)
            let error = #expect(throws: WireError.self) { try SessionMessage(decoding: frameMessage(copy).encoded().bytes) }
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
        try refused({ $0[1].values[Int(LayerProperty.rotation.rawValue)] = .nan }, "rotation = nan")
        try refused({ $0[1].values[Int(LayerProperty.opacity.rawValue)] = 2 }, "opacity = 2.0 is outside its range")
        try refused({ $0[1].values[Int(LayerProperty.hidden.rawValue)] = 0.5 }, "hidden")
        try refused({ $0[2].path[0] = .moveTo(x: .infinity, y: 0) }, "a path number")
        try refused({ $0[0].fill = RGBA(2, 0, 0, 1) }, "colour is outside [0, 1]")
        try refused({ $0[3].depth = 0 }, "second root")
        try refused({ $0[2].depth = 5 }, "is not drawn before it")
        try refused({ $0.append($0[1]) }, "appears twice")
        try refused({ $0[4].gradient?.stops[1].offset = -1 }, "gradient")
        // A frame asked for without its layers says so; one that claims layers must bring the root.
        var bytes = frameMessage([]).encoded().bytes
        // After the magic, the tag and six numbers: whether the frame brings layers.
        #expect(bytes[53] == 0)
        bytes[53] = 1
        let error = #expect(throws: WireError.self) { try SessionMessage(decoding: bytes) }
        #expect(error?.description.contains("without the header's root") == true)
        layers[2].path = Array(repeating: .close, count: PathElement.maxCount + 1)
        try refused({ _ = $0 }, "over the limit")
    }

    @Test("the framer takes messages split anywhere, and refuses an announced length over its limit")
    func framing() throws {
        let one = SessionMessage.problem("hello").encoded().framed, two = SessionMessage.failed(.request, "done").encoded().framed
        let stream = one + two
        for split in 0...stream.count {
            var framer = MessageFramer()
            var got: [[UInt8]] = []
            framer.append(stream[0..<split])
            while let m = try framer.next() { got.append(m) }
            framer.append(stream[split...])
            while let m = try framer.next() { got.append(m) }
            #expect(got.map { try? SessionMessage(decoding: $0) } == [.problem("hello"), .failed(.request, "done")])
        }
        var framer = MessageFramer(limit: 1000)
        framer.append([0xFF, 0xFF, 0xFF, 0x7F][...])
        #expect(throws: WireError.self) { try framer.next() }
    }
}

/// A small deterministic generator, so a failure replays.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
