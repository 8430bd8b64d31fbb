import RefreshWorker
import RefreshLayers

/// Layer snapshots on the wire. The worker encodes what its layer tree shows;
/// the supervisor decodes it and draws it. Decoding accepts only what the
/// host's own layer tree could have produced (property values in their
/// documented ranges, finite path numbers, the element, text, stop and layer
/// limits, a parent before its children), so a worker whose memory a plugin
/// scribbled on cannot feed the renderer anything it was not built for.
public enum SnapshotCoding {
    /// The per-instance layer limit, plus the root the controller makes.
    public static let maxLayers = 4097
    /// Path elements summed over one frame's layers.
    public static let maxPathElementsPerFrame = 65_536
    static let maxTextBytes = 1024

    /// `images`: the connection's cache (a fresh one sends every image's pixels).
    public static func encode(_ layers: [LayerSnapshot], into w: inout WireWriter, images: ImageWireCache = ImageWireCache()) {
        images.encodeImages(of: layers, into: &w)
        w.u32(UInt32(layers.count))
        for layer in layers {
            w.u32(layer.id)
            w.u32(layer.parent ?? 0)
            w.u32(UInt32(layer.depth))
            w.u8(UInt8(layer.kind.rawValue))
            for p in LayerProperty.allCases { w.f64(layer[p]) }
            color(layer.fill, &w)
            color(layer.stroke, &w)
            w.bool(layer.text != nil)
            if let text = layer.text { w.string(text) }
            w.u32(UInt32(layer.path.count))
            for element in layer.path { encode(element, &w) }
            w.bool(layer.gradient != nil)
            if let g = layer.gradient {
                w.u8(UInt8(g.kind.rawValue))
                for v in [g.startX, g.startY, g.endX, g.endY] { w.f64(v) }
                w.u32(UInt32(g.stops.count))
                for stop in g.stops {
                    w.f64(stop.offset)
                    color(stop.color, &w)
                }
            }
            // ABI 1.2
            color(layer.shadow, &w)
            w.u32(UInt32(layer.dash.count))
            for v in layer.dash { w.f64(v) }
            w.u32(layer.mask?.layer ?? 0)
            w.u8(UInt8(layer.mask?.mode.rawValue ?? 0))
            w.bool(layer.font != nil)
            if let f = layer.font {
                w.string(f.family)
                w.f64(f.weight)
                w.bool(f.italic)
            }
            w.u64(layer.image?.serial ?? 0)
            // ABI 1.5 (rh.effects/1)
            w.f64(layer.effects.blurRadius)
            w.u8(UInt8(layer.effects.composite.rawValue))
        }
    }

    static func color(_ c: RGBA, _ w: inout WireWriter) {
        w.f64(c.r)
        w.f64(c.g)
        w.f64(c.b)
        w.f64(c.a)
    }

    private static func encode(_ element: PathElement, _ w: inout WireWriter) {
        w.u8(UInt8(element.op))
        element.forEachNumber { w.f64($0) }
    }

    public static func decode(_ r: inout WireReader, images: ImageWireCache = ImageWireCache()) throws(WireError) -> [LayerSnapshot] {
        try images.decodeImages(&r)
        let count = try r.count(max: maxLayers, of: "layers in a frame")
        var layers: [LayerSnapshot] = []
        layers.reserveCapacity(count)
        var depthOf: [LayerID: Int] = [:]
        var elements = 0
        for index in 0..<count {
            let id = try r.u32()
            let parentRaw = try r.u32()
            let depth = Int(try r.u32())
            // Draw order: a root at depth 0 first, then each layer right after an ancestor chain.
            let parent: LayerID? = depth == 0 ? nil : parentRaw
            if index == 0 {
                guard depth == 0 else { throw WireError("the first layer is at depth \(depth), not a root") }
            } else if let parent {
                guard depthOf[parent] == depth - 1 else { throw WireError("layer \(id)'s parent \(parent) is not drawn before it") }
            } else {
                throw WireError("layer \(id) is a second root")
            }
            guard depthOf[id] == nil else { throw WireError("layer \(id) appears twice") }
            depthOf[id] = depth
            guard let kind = LayerKind(rawValue: Int32(try r.u8())) else { throw WireError("layer \(id) has an unknown kind") }
            var values = [Double](repeating: 0, count: LayerProperty.slotCount)
            for p in LayerProperty.allCases {
                let v = try r.f64()
                guard p.accepts(v) else {
                    throw WireError("layer \(id) \(p.name) = \(v) is outside its range")
                }
                values[Int(p.rawValue)] = v
            }
            values[9] = values[Int(LayerProperty.scaleX.rawValue)]
            let fill = try color(&r, "layer \(id) fill")
            let stroke = try color(&r, "layer \(id) stroke")
            let text: String? = try r.bool() ? try r.string(max: maxTextBytes) : nil
            let pathCount = try r.count(max: PathElement.maxCount, of: "layer \(id)'s path elements")
            elements += pathCount
            guard elements <= maxPathElementsPerFrame else {
                throw WireError("a frame with over \(maxPathElementsPerFrame) path elements")
            }
            var path: [PathElement] = []
            path.reserveCapacity(pathCount)
            for _ in 0..<pathCount { path.append(try element(&r, layer: id)) }
            var gradient: Gradient?
            if try r.bool() {
                guard let kind = Gradient.Kind(rawValue: Int32(try r.u8())) else {
                    throw WireError("layer \(id) has a gradient of unknown kind")
                }
                let sx = try r.finite("gradient start x"), sy = try r.finite("gradient start y")
                let ex = try r.finite("gradient end x"), ey = try r.finite("gradient end y")
                let stopCount = try r.count(max: Gradient.maxStops, of: "gradient stops")
                var stops: [Gradient.Stop] = []
                for _ in 0..<stopCount {
                    let offset = try r.finite("gradient stop offset")
                    stops.append(.init(offset, try color(&r, "gradient stop")))
                }
                let g = Gradient(startX: sx, startY: sy, endX: ex, endY: ey, stops: stops, kind: kind)
                if let problem = g.problem { throw WireError("layer \(id): \(problem)") }
                gradient = g
            }
            let shadow = try color(&r, "layer \(id) shadow")
            let dashCount = try r.count(max: LayerTree.maxDashCount, of: "layer \(id)'s dash lengths")
            var dash: [Double] = []
            for _ in 0..<dashCount { dash.append(try r.f64()) }
            if let problem = LayerTree.dashProblem(dash) { throw WireError("layer \(id): \(problem)") }
            let maskLayer = try r.u32()
            guard let maskMode = MaskMode(rawValue: Int32(try r.u8())) else {
                throw WireError("layer \(id) has a mask of unknown mode")
            }
            var font: FontSpec?
            if try r.bool() {
                let f = FontSpec(family: try r.string(max: FontSpec.maxFamilyBytes), weight: try r.f64(),
                                 italic: try r.bool())
                if let problem = f.problem { throw WireError("layer \(id): \(problem)") }
                font = f
            }
            let image = try images.image(try r.u64(), layer: id)
            guard image == nil || kind == .image else { throw WireError("layer \(id) is a \(kind.name) layer showing an image") }
            let blur = try r.f64()
            guard LayerProperty.blurRadius.accepts(blur) else { throw WireError("layer \(id) blur radius \(blur) is outside its range") }
            guard let composite = CompositeOperator(rawValue: Int(try r.u8())) else {
                throw WireError("layer \(id) has an unknown compositing operator")
            }
            layers.append(LayerSnapshot(id: id, parent: parent, depth: depth, kind: kind, values: values, fill: fill,
                                        stroke: stroke, text: text, path: path, gradient: gradient, shadow: shadow,
                                        dash: dash, mask: maskLayer == 0 ? nil : LayerMask(layer: maskLayer, mode: maskMode),
                                        font: font, image: image,
                                        effects: LayerEffects(blurRadius: blur, composite: composite)))
        }
        return layers
    }

    /// `what` only when the colour is refused: a frame decodes four colours a layer.
    static func color(_ r: inout WireReader, _ what: @autoclosure () -> String) throws(WireError) -> RGBA {
        let c = RGBA(try r.f64(), try r.f64(), try r.f64(), try r.f64())
        guard c.isValid else { throw WireError("\(what()) colour is outside [0, 1]") }
        return c
    }

    private static func element(_ r: inout WireReader, layer: LayerID) throws(WireError) -> PathElement {
        let tag = try r.u8()
        func n() throws(WireError) -> Double { try r.finite("a path number of layer \(layer)") }
        switch tag {
        case 0: return .moveTo(x: try n(), y: try n())
        case 1: return .lineTo(x: try n(), y: try n())
        case 2: return .curveTo(c1x: try n(), c1y: try n(), c2x: try n(), c2y: try n(), x: try n(), y: try n())
        case 3: return .arc(cx: try n(), cy: try n(), radius: try n(), startAngle: try n(), endAngle: try n())
        case 4: return .close
        case 5: return .arcNegative(cx: try n(), cy: try n(), radius: try n(), startAngle: try n(), endAngle: try n())
        default: throw WireError("layer \(layer) has a path element of unknown kind \(tag)")
        }
    }
}
