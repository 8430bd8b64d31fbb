import RefreshDiscovery
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshText

/// The CLI's JSON documents (docs/json.md, docs/schema/refresh-host.schema.json):
/// names are camelCase, enumerations are snake_case identifiers, absent
/// values are null (never a missing key), numbers are numbers.
public enum JSONDocuments {
    /// `list --json`.
    public static func list(_ catalog: PluginRegistry) -> JSON {
        JSON.document("list", [
            ("searched", .array(catalog.directories.map { .object([("path", .string($0.path)), ("origin", .string(origin($0.origin)))]) })),
            ("plugins", .array(catalog.entries.map(plugin))),
        ])
    }

    public static func plugin(_ entry: PluginEntry) -> JSON {
        var shadowedBy: String?
        if case let .shadowed(by) = entry.status { shadowedBy = by }
        return .object([
            ("id", .optional(entry.descriptor?.id)),
            ("name", .optional(entry.descriptor?.name)),
            ("version", .optional(entry.descriptor?.version)),
            ("file", .string(entry.file)),
            ("source", .optional(entry.descriptor?.source)),
            ("unsupported", .array((entry.descriptor?.unsupported ?? []).map { .string($0) })),
            ("origin", .string(origin(entry.origin))),
            ("status", .string(entry.status.word)),
            ("reason", .optional(shadowedBy == nil ? entry.status.reason : nil)),
            ("shadowedBy", .optional(shadowedBy)),
            ("abi", .optional(entry.abiVersion?.description)),
        ])
    }

    /// `info --json`.
    public static func style(_ d: StyleDescriptor, entry: PluginEntry, shadows: [PluginEntry]) -> JSON {
        let m = d.metrics
        var spring: JSON = .null
        if case let .spring(damping, velocity) = m.cycleCurve {
            spring = .object([("damping", .number(damping)), ("velocity", .number(velocity))])
        }
        return JSON.document("style", [
            ("id", .string(d.id)), ("name", .string(d.name)), ("version", .string(d.version)),
            ("vendor", .optional(d.vendor)), ("description", .optional(d.summary)),
            ("tags", .array(d.tags.map { .string($0) })),
            ("height", .number(m.height)), ("cycleDuration", .number(m.cycleDuration)),
            ("cycleDelay", .number(m.cycleDelay)), ("cycleCurve", .string(curveIdentifier(m.cycleCurve))),
            ("spring", spring),
            ("presentation", .string(identifier(m.presentation.description))),
            ("anchor", .string(identifier(m.anchor.description))),
            ("lifecycle", InfoLifecycle(descriptor: d).json),
            ("file", .string(entry.file)), ("source", .optional(d.source)),
            ("unsupported", .array(d.unsupported.map { .string($0) })), ("origin", .string(origin(entry.origin))),
            ("abi", .optional(entry.abiVersion?.description)),
            ("shadows", .array(shadows.map { .string($0.file) })),
        ])
    }

    public static func curveIdentifier(_ curve: TimingCurve) -> String {
        switch curve {
        case .linear: "linear"
        case .easeIn: "ease_in"
        case .easeOut: "ease_out"
        case .easeInOut: "ease_in_out"
        case .keyframes: "keyframes"
        case .spring: "spring"
        case .cubicBezier: "cubic_bezier"
        case .steps: "steps"
        }
    }

    /// Where a plugin was found, as an identifier (the text output says "--plugin-path").
    public static func origin(_ origin: SearchDirectory.Origin) -> String {
        switch origin {
        case .option: "option"
        case .environment: "environment"
        case .user: "user"
        case .system: "system"
        case .bundled: "bundled"
        }
    }

    /// "slide-down" as an identifier.
    public static func identifier(_ word: String) -> String { String(word.map { $0 == "-" || $0 == " " ? "_" : $0 }) }
}
