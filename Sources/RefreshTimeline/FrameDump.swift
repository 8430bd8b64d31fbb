import RefreshHostController
import RefreshLayers
import RefreshSession
import RefreshText

/// `run --frames-json FILE`: every frame's layer tree as one JSON document
/// (kind `frame`) per line, for tools (and people) that want the exact
/// numbers. Layer properties keep the ABI's names (`position.x`, `opacity`).
public enum FrameDump {
    /// One frame's line, with the controller's events since the previous frame.
    public static func line(_ number: Int, _ frame: SessionFrame) -> String {
        let layers = frame.layers.map(Self.json)
        let list = frame.list
        let events = frame.events.compactMap(\.event)
        return JSON.document("frame", [
            ("frame", .number(Double(number))), ("time", .number(frame.time)),
            // An identifier, as the result event spells it: no_more, not the timeline's no-more.
            ("state", .string(identifier(frame.state.description))),
            ("pull", .number(frame.pull)), ("headerTop", .number(frame.headerTop)),
            ("list", .object([("offset", .number(list.offset)), ("stretch", .number(list.stretch)),
                              ("headerInFront", .bool(list.headerInFront)), ("fromBottom", .bool(list.fromBottom))])),
            ("events", .array(events.map(Self.json))),
            ("layers", .array(layers)),
        ]).render(compact: true)
    }

    /// An event: what users feel and hear (ABI 1.3's haptics, announcements
    /// and results) in fields of their own, the rest as the timeline words it.
    static func json(_ event: RefreshEvent) -> JSON {
        switch event {
        case let .haptic(kind, requested):
            .object([("event", .string("haptic")), ("haptic", .string("\(kind)")), ("requested", .bool(requested))])
        case let .announced(text):
            .object([("event", .string("announced")), ("text", .string(text))])
        case let .result(result):
            .object([("event", .string("result")), ("result", .string(identifier(result.kind.description))),
                     ("message", .optional(result.message))])
        default:
            .object([("event", .string("timeline")), ("text", .string(event.description))])
        }
    }

    static func json(_ layer: LayerSnapshot) -> JSON {
        func color(_ c: RGBA) -> JSON { .array([c.r, c.g, c.b, c.a].map { .number($0) }) }
        var fields: [(String, JSON)] = [
            ("id", .number(Double(layer.id))),
            ("parent", layer.parent.map { .number(Double($0)) } ?? .null),
            ("kind", .string("\(layer.kind)")),
        ]
        for p in LayerProperty.allCases { fields.append((p.name, .number(layer[p]))) }
        fields.append(("fill", color(layer.fill)))
        fields.append(("stroke", color(layer.stroke)))
        if let text = layer.text { fields.append(("text", .string(text))) }
        if let g = layer.gradient {
            fields.append(("gradient", .object([
                ("kind", .string(g.kind == .radial ? "radial" : "linear")),
                ("start", .array([.number(g.startX), .number(g.startY)])),
                ("end", .array([.number(g.endX), .number(g.endY)])),
                ("stops", .array(g.stops.map { .array([.number($0.offset), color($0.color)]) })),
            ])))
        }
        if !layer.path.isEmpty {
            fields.append(("path", .array(layer.path.map { element in
                .array([.string(Self.op(element))] + element.numbers.map { .number($0) })
            })))
        }
        // ABI 1.2: always present, null where they do not apply.
        fields.append(("shadow", color(layer.shadow)))
        fields.append(("dash", .array(layer.dash.map { .number($0) })))
        fields.append(("mask", layer.mask.map {
            .object([("layer", .number(Double($0.layer))), ("mode", .string($0.mode == .path ? "path" : "alpha"))])
        } ?? .null))
        fields.append(("font", layer.font.map {
            .object([("family", .string($0.family)), ("weight", .number($0.weight)), ("italic", .bool($0.italic))])
        } ?? .null))
        fields.append(("image", layer.image.map {
            .object([("width", .number(Double($0.width))), ("height", .number(Double($0.height)))])
        } ?? .null))
        return .object(fields)
    }

    /// "no-more" as an identifier: no_more.
    public static func identifier(_ word: String) -> String { String(word.map { $0 == "-" || $0 == " " ? "_" : $0 }) }

    static func op(_ element: PathElement) -> String {
        switch element {
        case .moveTo: "move"
        case .lineTo: "line"
        case .curveTo: "curve"
        case .arc: "arc"
        case .close: "close"
        case .arcNegative: "arc_negative"
        }
    }
}
