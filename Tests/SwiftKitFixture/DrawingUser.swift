import RefreshHostABI
import RefreshStyleKit

/// Exercises RefreshStyleKit's ABI 1.2 API from a real Swift plugin. Setup
/// uses the drawing calls (stroke trim, caps, joins, dashes, fill rule,
/// shadow, radial gradient, a counter-clockwise arc, font, text stroke, mask,
/// presentation values); the first cycle adds keyframe animations, images,
/// a sequence and timers; each call's answer is logged as "label: answer", so
/// the test sees what the kit returned as well as what reached the layers.
final class DrawingUser: RefreshStyle {
    static let descriptor = StyleDescriptor(
        id: "test.swiftkit.drawing", name: "Drawing user", version: "1.0.0", height: 80, cycleDuration: 0.5)

    private let host: StyleHost
    private var arc: Layer?
    private var blob: Layer?
    private var disc: Layer?
    private var picture: Layer?
    private var cycles = 0

    init(host: StyleHost) { self.host = host }

    static let blobFrom = Path { p in
        p.move(to: Point(x: 0, y: 20))
        p.curve(to: Point(x: 40, y: 20), control1: Point(x: 10, y: 0), control2: Point(x: 30, y: 0))
        p.close()
    }
    static let blobTo = Path { p in
        p.move(to: Point(x: 0, y: 20))
        p.curve(to: Point(x: 40, y: 20), control1: Point(x: 10, y: 40), control2: Point(x: 30, y: 40))
        p.close()
    }

    func say(_ label: String, _ answer: Any) { host.log("\(label): \(answer)") }

    func setup(root: Layer) -> Bool {
        guard let arc = root.addChild(.path, frame: Rect(x: 10, y: 10, width: 40, height: 40)),
              let ring = root.addChild(.path, frame: Rect(x: 60, y: 10, width: 40, height: 40)),
              let disc = root.addChild(.ellipse, frame: Rect(x: 110, y: 10, width: 40, height: 40)),
              let label = root.addChild(.text, frame: Rect(x: 160, y: 10, width: 100, height: 30)),
              let masked = root.addChild(.rect, frame: Rect(x: 270, y: 10, width: 40, height: 40)),
              let blob = root.addChild(.path, frame: Rect(x: 10, y: 55, width: 40, height: 20)),
              let picture = root.addChild(.image, frame: Rect(x: 60, y: 55, width: 20, height: 20))
        else { return false }
        (self.arc, self.blob, self.disc, self.picture) = (arc, blob, disc, picture)

        arc.setPath(Path { $0.arc(center: Point(x: 20, y: 20), radius: 16, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false) })
        arc.setStroke(Color(hex: 0x4285F4), width: 4)
        arc.strokeStart = 0.1
        arc.strokeEnd = 0.75
        arc.lineCap = .round
        arc.lineJoin = .bevel
        arc.miterLimit = 4
        say("dash", arc.setDash([6, 3]))
        arc.lineDashPhase = 2
        say("shadow", arc.setShadow(color: Color(hex: 0x202020), opacity: 0.3, radius: 4, offset: Size(width: 0, height: 2)))
        say("presentation", "\(arc.presentationValue(of: .strokeEnd)) \(arc.presentationColor(.stroke) == Color(hex: 0x4285F4))")
        say("cap", arc.lineCap)

        var holed = Path.circle(center: Point(x: 20, y: 20), radius: 18)
        holed.move(to: Point(x: 28, y: 20))
        holed.arc(center: Point(x: 20, y: 20), radius: 8, startAngle: 0, endAngle: 2 * .pi)
        ring.setPath(holed)
        ring.setFill(.black)
        ring.fillRule = .evenOdd

        say("radial", disc.setGradient(.radial(colors: [.white, Color(hex: 0x1E88E5)])))

        label.setText("Hi")
        say("missing family", label.setFont(Font(family: "No Such Family 7f3a")))
        say("font", label.setFont(Font(family: "DejaVu Serif", weight: 700, italic: true)))
        label.setStroke(.white, width: 1)

        masked.setFill(.black)
        if let hole = masked.addChild(.ellipse, frame: Rect(x: 5, y: 5, width: 30, height: 30)) {
            say("mask", masked.setMask(hole, mode: .path))
        }
        blob.setPath(Self.blobFrom)
        blob.setFill(Color(hex: 0x00BCD4))

        // What the host must refuse, and the kit report.
        say("dash 33", arc.setDash(Array(repeating: 1, count: 33)))
        say("mask not a child", disc.setMask(arc))
        say("font on a rect", masked.setFont(Font(family: "DejaVu Sans")))
        say("line-first path", ring.setPath(Path { $0.line(to: Point(x: 1, y: 1)) }))
        ring.setPath(holed)
        return true
    }

    func setupForCycle() {
        cycles += 1
        guard cycles == 1, let arc, let blob, let disc, let picture else { return }
        say("keyframes", arc.add(KeyframeAnimation(.strokeEnd, [0.1, 0.9, 0.1], curves: [.standard], duration: 1,
                                                   repeatCount: .infinity)))
        say("colors", disc.add(KeyframeAnimation(.colors(.stroke, [.white, .black, .white]), keyTimes: [0, 0.25, 1],
                                                 duration: 1)))
        say("morph", blob.add(.morph(from: Self.blobFrom, to: Self.blobTo, duration: 1, curve: .steps(4)),
                              completion: { self.say("morph done", $0) }))
        say("gradients", disc.add(KeyframeAnimation(.gradients([.radial(colors: [.white, .black]),
                                                                 .radial(colors: [.black, .white])]), duration: 1)))
        say("mismatched morph", blob.add(.morph(from: Self.blobFrom, to: .circle(center: .zero, radius: 3), duration: 1)))
        say("short key times", blob.add(KeyframeAnimation(.opacity, [1, 0, 1], keyTimes: [0, 1], duration: 1)))
        arc.add(BasicAnimation(.rotation, from: 0, to: 2 * .pi, duration: 1, curve: .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)))
        say("presentation while animated", arc.presentationValue(of: .strokeEnd))

        say("pixel scale", host.pixelScale)
        let red = Image(pixels: [UInt8](repeating: 0, count: 16).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 },
                        width: 2, height: 2, in: host)
        let blue = Image(pixels: [0, 0, 255, 255], width: 1, height: 1, in: host)
        say("short pixels", Image(pixels: [1, 2, 3], width: 1, height: 1, in: host) == nil)
        say("asset outside", Image(asset: "../../etc/passwd", in: host) == nil)
        if let red, let blue {
            say("image", picture.show(red))
            picture.contentsGravity = .center
            picture.contentsScale = host.pixelScale
            say("sequence", picture.show(ImageSequence([red, blue], frameDuration: 0.1, repeatCount: 2),
                                         completion: { self.say("sequence done", $0) }))
            say("release", blue.release())
            say("release twice", blue.release())
        }

        host.after(0.2) { self.say("timer", $0) }
        let later = host.after(5) { self.say("cancelled timer", $0) }
        say("cancel", later?.cancel() ?? .badState)
        say("bad delay", host.after(-1) { self.say("refused timer", $0) } == nil)
    }

    func reset() {
        for layer in [arc, blob, disc, picture] { layer?.removeAllAnimations() }
    }
}
