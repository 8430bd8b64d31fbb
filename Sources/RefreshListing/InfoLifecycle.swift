import RefreshHostController
import RefreshPluginRuntime
import RefreshText

/// What a style declares about its lifecycle (ABI 1.3), for `info`: text rows
/// and the JSON object. A 1.0-1.2 style declares nothing and shows the
/// host's defaults.
public struct InfoLifecycle {
    public let descriptor: StyleDescriptor

    public init(descriptor: StyleDescriptor) { self.descriptor = descriptor }

    private var m: StyleMetrics { descriptor.metrics }

    public var flags: [String] {
        [(descriptor.themeable, "themeable"), (descriptor.reducedMotion, "reduced-motion"),
         (m.supportsFooter, "footer"), (m.exitWhileClosing, "exit-while-closing")].filter(\.0).map(\.1)
    }

    public var rows: [(String, String)] {
        var rows: [(String, String)] = [
            ("trigger distance", "\(format(m.triggerDistance, decimals: 1)) pt"
                + (m.triggerDistance == m.height ? " (the height)" : "")),
            ("max pull", m.maxPull.map { "\(format($0, decimals: 1)) pt" } ?? "the physics' default"),
            ("trigger", m.trigger.map { "on \($0)" } ?? "host default (on release)"),
            ("physics", m.physics?.description ?? "host default (ios)"),
            ("declares", flags.isEmpty ? "-" : flags.joined(separator: ", ")),
        ]
        if let a = m.announcements {
            let said = [("pulling", a.pulling), ("armed", a.armed), ("refreshing", a.refreshing),
                        ("success", a.success), ("failure", a.failure), ("no more", a.noMore)]
            rows += said.map { ("says " + $0.0, $0.1.isEmpty ? "(nothing)" : "\"\($0.1)\"") }
        } else {
            rows.append(("announcements", "host defaults"))
        }
        for p in descriptor.parameters {
            var range = ""
            if case let .number(min, max, _) = p.kind { range = " \(p.text(of: .number(min))) to \(p.text(of: .number(max)))" }
            if case let .choice(names, _) = p.kind { range = " " + names.joined(separator: " | ") }
            rows.append(("--param " + p.id, p.kindName + range + ", default " + p.text(of: p.defaultValue)
                         + (p.label.map { " (\($0))" } ?? "")))
        }
        return rows
    }

    public var json: JSON {
        var announcements: JSON = .null
        if let a = m.announcements {
            announcements = .object([
                ("pulling", .string(a.pulling)), ("armed", .string(a.armed)), ("refreshing", .string(a.refreshing)),
                ("success", .string(a.success)), ("failure", .string(a.failure)), ("noMore", .string(a.noMore)),
            ])
        }
        return .object([
            ("triggerDistance", .number(m.triggerDistance)), ("maxPull", m.maxPull.map { .number($0) } ?? .null),
            ("trigger", m.trigger.map { .string($0 == .onReach ? "on_reach" : "on_release") } ?? .null),
            ("physics", m.physics.map { .string(JSONDocuments.identifier($0.description)) } ?? .null),
            ("flags", .array(flags.map { .string(JSONDocuments.identifier($0)) })),
            ("announcements", announcements),
            ("parameters", .array(descriptor.parameters.map(Self.json))),
        ])
    }

    public static func json(_ p: StyleParameter) -> JSON {
        var fields: [(String, JSON)] = [("id", .string(p.id)), ("label", .optional(p.label)), ("kind", .string(p.kindName))]
        switch p.kind {
        case let .number(min, max, value):
            fields += [("min", .number(min)), ("max", .number(max)), ("default", .number(value))]
        case .color: fields.append(("default", .string(p.text(of: p.defaultValue))))
        case let .boolean(value): fields.append(("default", .bool(value)))
        case let .choice(names, _):
            fields += [("choices", .array(names.map { .string($0) })), ("default", .string(p.text(of: p.defaultValue)))]
        case let .text(value): fields.append(("default", .string(value)))
        }
        return .object(fields)
    }
}
