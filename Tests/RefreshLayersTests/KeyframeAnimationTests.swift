import Testing
@testable import RefreshLayers

/// ABI 1.2's keyframe animations in the engine: numbers, colours, path morphs
/// and gradients at given times; slots, completions, validation.
struct KeyframeAnimationTests {
    @Test("numbers pass through their keyframes at the key times, then the model value shows again")
    func numbersAtKeyTimes() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.positionX, 7, on: l)
        let a = KeyframeAnimation(.numbers(.positionX, [0, 100, 40]), keyTimes: [0, 0.25, 1], duration: 2, delay: 0.5)
        try tree.addKeyframeAnimation(a, to: l, completion: log.callback("kf"))
        // (time, value): the delay shows the model; 0.25 of 2 s is 0.5 s in.
        let expected: [(Double, Double)] = [(0.4, 7), (0.5, 0), (0.75, 50), (1.0, 100), (1.75, 70), (2.49, 40.4)]
        for (t, x) in expected {
            timeline.advance(to: t)
            #expect(approx(try tree.presentationValue(.positionX, of: l), x, 1e-9), "at \(t)")
        }
        #expect(try tree.value(.positionX, of: l) == 7, "the model never changes")
        timeline.advance(to: 2.5)
        #expect(try tree.presentationValue(.positionX, of: l) == 7)
        #expect(log.calls.map(\.time) == [2.5] && log.results == [true])
        #expect(tree.animationCount == 0)
    }

    @Test("each segment has its own timing function; NULL functions are linear; even spacing without key times")
    func perSegmentFunctions() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        let bezier = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        let a = KeyframeAnimation(.numbers(.opacity, [0, 1, 0]), functions: [bezier, .steps(2, jumpStart: false)], duration: 2)
        try tree.addKeyframeAnimation(a, to: l, completion: nil)
        timeline.advance(to: 0.5)
        #expect(approx(try tree.presentationValue(.opacity, of: l), bezier.progress(0.5), 1e-12))
        timeline.advance(to: 1.4)
        #expect(try tree.presentationValue(.opacity, of: l) == 1, "steps(2) holds the segment's start for its first half")
        timeline.advance(to: 1.6)
        #expect(try tree.presentationValue(.opacity, of: l) == 0.5)
    }

    @Test("autoreverse plays each pass back; repeat counts passes; INFINITY runs until removed")
    func autoreverseAndRepeat() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        let a = KeyframeAnimation(.numbers(.positionY, [0, 100, 0, 200]), duration: 3, repeatCount: 1.5, autoreverses: true)
        #expect(a.activeDuration == 9)
        try tree.addKeyframeAnimation(a, to: l, completion: log.callback("a"))
        // Forward 0-3 s, backward 3-6 s, forward again 6-7.5 s... ended at 9 s.
        let expected: [(Double, Double)] = [(0.5, 50), (2.5, 100), (3.5, 100), (5.5, 50), (6.5, 50), (8.5, 100)]
        for (t, y) in expected {
            timeline.advance(to: t)
            #expect(approx(try tree.presentationValue(.positionY, of: l), y, 1e-9), "at \(t)")
        }
        timeline.advance(to: 9)
        #expect(log.results == [true])

        let forever = KeyframeAnimation(.numbers(.rotation, [0, 1]), duration: 1, repeatCount: .infinity)
        try tree.addKeyframeAnimation(forever, to: l, completion: log.callback("forever"))
        timeline.advance(to: 1000.25)
        #expect(approx(try tree.presentationValue(.rotation, of: l), 0.25, 1e-9))
        try tree.removeAnimations(on: l)
        timeline.advance(to: 1000.25)
        #expect(log.tags == ["a", "forever"] && log.results == [true, false])
    }

    @Test("snapping properties step: each keyframe's value holds until the next key time")
    func discreteSteps() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .path, parent: nil)
        try tree.addKeyframeAnimation(KeyframeAnimation(.numbers(.lineCap, [0, 2, 1]), duration: 1), to: l, completion: nil)
        try tree.addKeyframeAnimation(KeyframeAnimation(.numbers(.hidden, [0, 1]), keyTimes: [0, 1], duration: 1), to: l, completion: nil)
        for (t, cap) in [(0.1, 0.0), (0.49, 0), (0.5, 2), (0.99, 2)] {
            timeline.advance(to: t)
            #expect(try tree.presentationValue(.lineCap, of: l) == cap, "at \(t)")
            #expect(try tree.presentationValue(.hidden, of: l) == 0, "at \(t)")
        }
    }

    @Test("a number's keyframes share the key-path slot: each replaces the other, which completes false")
    func sharedSlot() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1), to: l, completion: log.callback("basic"))
        try tree.addKeyframeAnimation(KeyframeAnimation(.numbers(.opacity, [0.2, 0.4]), duration: 1), to: l,
                                      completion: log.callback("keyframes"))
        timeline.advance(to: 0.5)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 0.3))
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 1, to: 0, duration: 1), to: l, completion: log.callback("basic 2"))
        timeline.advance(to: 0.5)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 1))
        timeline.advance(to: 2)
        #expect(log.tags == ["basic", "keyframes", "basic 2"] && log.results == [false, false, true])
        #expect(log.calls.map(\.time) == [0, 0.5, 1.5])
    }

    @Test("keyframes override an animate block while they run; the block shows again after")
    func overridesBlocks() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 4, curve: .linear))
        try tree.set(.positionX, 400, on: l)
        try tree.setColor(.fill, RGBA(1, 1, 1), on: l)
        try tree.commitAnimation(completion: nil)
        try tree.addKeyframeAnimation(KeyframeAnimation(.numbers(.positionX, [-5, -5]), duration: 1), to: l, completion: nil)
        try tree.addKeyframeAnimation(KeyframeAnimation(.colors(.fill, [RGBA(1, 0, 0), RGBA(0, 0, 1)]), duration: 1),
                                      to: l, completion: nil)
        timeline.advance(to: 0.5)
        #expect(try tree.presentationValue(.positionX, of: l) == -5)
        #expect(try tree.presentationColor(.fill, of: l) == RGBA(0.5, 0, 0.5))
        #expect(try tree.color(.fill, of: l) == RGBA(1, 1, 1), "the model never changes")
        timeline.advance(to: 2)
        #expect(try tree.presentationValue(.positionX, of: l) == 200)
        #expect(try tree.presentationColor(.fill, of: l) == RGBA(0.5, 0.5, 0.5, 0.5), "clear -> white, half way")
    }

    @Test("a path morph tweens every number, arcs by centre, radius and angles; the snapshot shows it")
    func pathMorph() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .path, parent: nil)
        let model: [PathElement] = [.moveTo(x: 1, y: 1)]
        try tree.setPath(model, on: l)
        let a: [PathElement] = [.moveTo(x: 0, y: 0), .curveTo(c1x: 0, c1y: 10, c2x: 10, c2y: 10, x: 10, y: 0),
                                .arc(cx: 5, cy: 5, radius: 2, startAngle: 0, endAngle: 1), .close]
        let b: [PathElement] = [.moveTo(x: 20, y: 40), .curveTo(c1x: 0, c1y: 30, c2x: 30, c2y: 10, x: 10, y: 100),
                                .arc(cx: 15, cy: 25, radius: 6, startAngle: 2, endAngle: 5), .close]
        try tree.addKeyframeAnimation(KeyframeAnimation(.paths([a, b]), duration: 2), to: l, completion: nil)
        timeline.advance(to: 1)
        let mid: [PathElement] = [.moveTo(x: 10, y: 20), .curveTo(c1x: 0, c1y: 20, c2x: 20, c2y: 10, x: 10, y: 50),
                                  .arc(cx: 10, cy: 15, radius: 4, startAngle: 1, endAngle: 3), .close]
        #expect(tree.snapshot().first?.path == mid)
        timeline.advance(to: 2)
        #expect(tree.snapshot().first?.path == model)
    }

    @Test("a gradient tweens points, offsets and colours stop by stop")
    func gradientTween() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .ellipse, parent: nil)
        let g0 = Gradient(startX: 0.5, startY: 0.5, endX: 1, endY: 1, stops: [.init(0, RGBA(1, 0, 0)), .init(0.2, RGBA(0, 0, 0, 0))], kind: .radial)
        let g1 = Gradient(startX: 0.1, startY: 0.3, endX: 0.9, endY: 0.7, stops: [.init(0.4, RGBA(0, 0, 1)), .init(1, RGBA(1, 1, 1))], kind: .radial)
        try tree.addKeyframeAnimation(KeyframeAnimation(.gradients([g0, g1]), duration: 1), to: l, completion: nil)
        timeline.advance(to: 0.5)
        let g = try #require(tree.snapshot().first?.gradient)
        #expect(g.kind == .radial)
        #expect(approx(g.startX, 0.3) && approx(g.startY, 0.4) && approx(g.endX, 0.95) && approx(g.endY, 0.85))
        #expect(approx(g.stops[0].offset, 0.2) && approx(g.stops[1].offset, 0.6))
        #expect(g.stops[0].color == RGBA(0.5, 0, 0.5) && g.stops[1].color == RGBA(0.5, 0.5, 0.5, 0.5))
        timeline.advance(to: 1)
        #expect(tree.snapshot().first?.gradient == nil, "the model has none")
    }

    @Test("an overshooting segment keeps a gradient's offsets in [0, 1] and in order, and colours in range")
    func gradientOvershoot() {
        let g0 = Gradient(startX: 0, startY: 0, endX: 0, endY: 1, stops: [.init(0, .black), .init(0.1, .black)])
        let g1 = Gradient(startX: 0, startY: 0, endX: 0, endY: 1, stops: [.init(0.9, .white), .init(1, .white)])
        let a = KeyframeAnimation(.gradients([g0, g1]), functions: [.cubicBezier(x1: 0.5, y1: 3, x2: 0.5, y2: 3)], duration: 1)
        for k in 0..<100 {
            let g = a.gradient(atActiveTime: Double(k) / 100)!
            #expect(g.problem == nil, "at \(k): \(g)")
        }
    }

    @Test("ends that cross mid-tween never give a degenerate gradient (start == end, radial half-axis 0)")
    func gradientCrossing() {
        let stops: [Gradient.Stop] = [.init(0, .black), .init(1, .white)]
        for kind in [Gradient.Kind.linear, .radial] {
            let g0 = Gradient(startX: 0.5, startY: 0.5, endX: 1, endY: 1, stops: stops, kind: kind)
            let g1 = Gradient(startX: 0.5, startY: 0.5, endX: 0, endY: 0, stops: stops, kind: kind)
            let a = KeyframeAnimation(.gradients([g0, g1]), duration: 1)
            let mid = a.gradient(atActiveTime: 0.5)!
            #expect(mid.problem == nil, "\(mid)")
            #expect(approx(mid.endX, 0.5, 1e-5) && approx(mid.endY, 0.5, 1e-5))
        }
    }

    @Test("every rule is checked up front; nothing changes on an error")
    func validation() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let path = try tree.createLayer(kind: .path, parent: nil)
        let group = try tree.createLayer(kind: .group, parent: nil)
        try tree.addKeyframeAnimation(KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: 5), to: path, completion: log.callback("kept"))
        let line: [PathElement] = [.moveTo(x: 0, y: 0), .lineTo(x: 1, y: 1)]
        let curve: [PathElement] = [.moveTo(x: 0, y: 0), .curveTo(c1x: 0, c1y: 0, c2x: 1, c2y: 1, x: 1, y: 1)]
        let g = Gradient.vertical(.black, .white)
        var radial = g
        radial.kind = .radial
        radial.endX = 1
        let bad: [(KeyframeAnimation, LayerID, String)] = [
            (KeyframeAnimation(.numbers(.opacity, [0]), duration: 1), path, "count = 1"),
            (KeyframeAnimation(.numbers(.opacity, Array(repeating: 0, count: 257)), duration: 1), path, "count = 257"),
            (KeyframeAnimation(.numbers(.opacity, [0, .nan]), duration: 1), path, "opacity = nan"),
            (KeyframeAnimation(.numbers(.opacity, [0, 2]), duration: 1), path, "opacity = 2.0"),
            (KeyframeAnimation(.numbers(.hidden, [0, 0.5]), duration: 1), path, "hidden = 0.5"),
            (KeyframeAnimation(.colors(.fill, [.black, RGBA(0, .infinity, 0)]), duration: 1), path, "colors[1].g = inf"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), keyTimes: [0, .nan], duration: 1), path, "key_times[1] = nan"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1, 0]), keyTimes: [0, 0.6, 0.5], duration: 1), path, "below"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), keyTimes: [0.1, 1], duration: 1), path, "first key time"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), keyTimes: [0, 0.9], duration: 1), path, "last key time"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), keyTimes: [0, 0.5, 1], duration: 1), path, "3 key times"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), functions: [.spring(damping: 1, initialVelocity: 0)], duration: 1), path, "functions[0]"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), functions: [.steps(0, jumpStart: false)], duration: 1), path, "steps = 0"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: .nan), path, "duration = nan"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: 0.0001), path, "duration = 0.0001"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: 1, delay: -1), path, "delay = -1"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: 1, repeatCount: .nan), path, "repeat_count = nan"),
            (KeyframeAnimation(.numbers(.opacity, [0, 1]), duration: 0.001, repeatCount: 0.5), path, "less than"),
            (KeyframeAnimation(.paths([line, curve]), duration: 1), path, "element 1 is a curve-to"),
            (KeyframeAnimation(.paths([line, [.moveTo(x: 0, y: 0)]]), duration: 1), path, "has 1 elements"),
            (KeyframeAnimation(.paths([line, [.moveTo(x: 0, y: 0), .lineTo(x: .nan, y: 0)]]), duration: 1), path, "position.x = nan"),
            (KeyframeAnimation(.paths([line, line]), duration: 1), group, "not a path layer"),
            (KeyframeAnimation(.gradients([g, g]), duration: 1), group, "a gradient fills"),
            (KeyframeAnimation(.gradients([g, radial]), duration: 1), path, "is radial"),
            (KeyframeAnimation(.gradients([g, Gradient.vertical(.black, RGBA(2, 0, 0))]), duration: 1), path, "r = 2.0"),
        ]
        for (animation, layer, text) in bad {
            #expect(throws: LayerError.self) { try tree.addKeyframeAnimation(animation, to: layer, completion: log.callback("refused")) }
            do { try tree.addKeyframeAnimation(animation, to: layer, completion: nil) } catch {
                #expect(error.description.contains(text), "\(error) should say \(text)")
            }
        }
        timeline.advance(to: 1)
        #expect(approx(try tree.presentationValue(.opacity, of: path), 0.2), "the first animation still runs")
        #expect(log.calls.isEmpty)
        #expect(try tree.path(of: path).isEmpty)
    }

    @Test("removing the layer cancels its keyframes with false; path and gradient slots are their own")
    func removeLayer() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .path, parent: nil)
        let line: [PathElement] = [.moveTo(x: 0, y: 0), .lineTo(x: 1, y: 1)]
        let g = Gradient.vertical(.black, .white)
        try tree.addKeyframeAnimation(KeyframeAnimation(.paths([line, line]), duration: 1), to: l, completion: log.callback("path"))
        try tree.addKeyframeAnimation(KeyframeAnimation(.gradients([g, g]), duration: 1), to: l, completion: log.callback("gradient"))
        try tree.addKeyframeAnimation(KeyframeAnimation(.colors(.stroke, [.black, .white]), duration: 1), to: l, completion: log.callback("stroke"))
        try tree.addKeyframeAnimation(KeyframeAnimation(.colors(.shadow, [.black, .white]), duration: 1), to: l, completion: log.callback("shadow"))
        #expect(tree.animationCount == 4)
        try tree.removeLayer(l)
        #expect(log.calls.isEmpty, "never from inside the call")
        timeline.advance(to: 0.1)
        #expect(log.tags == ["stroke", "shadow", "path", "gradient"] && log.results == [false, false, false, false])
    }
}
