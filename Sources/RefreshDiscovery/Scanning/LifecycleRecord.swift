import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// A descriptor's ABI 1.3 fields (and 1.4's source) in the scanner's reply and the registry
/// cache: trigger distance, max pull, trigger policy, physics, flags,
/// announcements and parameters. A list inside one value is separated by
/// U+001F (and a parameter's choices by U+001E), characters the descriptor
/// reader refuses in every string it keeps.
enum LifecycleRecord {
    static let keys: Set<String> = ["trigger-distance", "max-pull", "trigger", "physics", "flags", "announcements", "param", "source"]
    private static let unit: Character = "\u{1F}"
    private static let record: Character = "\u{1E}"

    static func fields(_ d: StyleDescriptor) -> [RecordFormat.Field] {
        let m = d.metrics
        var fields: [RecordFormat.Field] = [("trigger-distance", "\(m.triggerDistance)")]
        if let v = m.maxPull { fields.append(("max-pull", "\(v)")) }
        if let v = m.trigger { fields.append(("trigger", "\(v.rawValue)")) }
        if let v = m.physics { fields.append(("physics", "\(v.rawValue)")) }
        let flags = (d.themeable ? 1 : 0) | (d.reducedMotion ? 2 : 0) | (m.supportsFooter ? 4 : 0) | (m.exitWhileClosing ? 8 : 0)
        fields.append(("flags", "\(flags)"))
        if let a = m.announcements {
            fields.append(("announcements", join([a.pulling, a.armed, a.refreshing, a.success, a.failure, a.noMore])))
        }
        for p in d.parameters {
            var parts = [p.id, p.label == nil ? "0" : "1", p.label ?? "", p.kindName]
            switch p.kind {
            case let .number(min, max, value): parts += ["\(min)", "\(max)", "\(value)"]
            case let .color(c): parts += ["\(c.r)", "\(c.g)", "\(c.b)", "\(c.a)"]
            case let .boolean(value): parts.append(value ? "1" : "0")
            case let .choice(names, index): parts += ["\(index)", names.joined(separator: String(record))]
            case let .text(value): parts.append(value)
            }
            fields.append(("param", join(parts)))
        }
        if let source = d.source { fields.append(("source", source)) }
        return fields
    }

    /// Applies the fields to `d`; false when one is malformed.
    static func apply(_ fields: [RecordFormat.Field], to d: inout StyleDescriptor) -> Bool {
        for field in fields {
            let v = field.value
            switch field.key {
            case "trigger-distance": guard let x = Double(v) else { return false }; d.metrics.triggerDistance = x
            case "max-pull": guard let x = Double(v) else { return false }; d.metrics.maxPull = x
            case "trigger": guard let x = Int32(v).flatMap(TriggerPolicy.init(rawValue:)) else { return false }; d.metrics.trigger = x
            case "physics": guard let x = Int32(v).flatMap(Physics.init(rawValue:)) else { return false }; d.metrics.physics = x
            case "flags":
                guard let x = Int(v) else { return false }
                d.themeable = x & 1 != 0
                d.reducedMotion = x & 2 != 0
                d.metrics.supportsFooter = x & 4 != 0
                d.metrics.exitWhileClosing = x & 8 != 0
            case "announcements":
                let a = split(v)
                guard a.count == 6 else { return false }
                d.metrics.announcements = Announcements(pulling: a[0], armed: a[1], refreshing: a[2], success: a[3],
                                                        failure: a[4], noMore: a[5])
            case "param":
                guard let p = parameter(split(v)) else { return false }
                d.parameters.append(p)
            case "source": d.source = v
            default: return false
            }
        }
        return true
    }

    private static func parameter(_ a: [String]) -> StyleParameter? {
        guard a.count >= 5 else { return nil }
        let label: String? = a[1] == "1" ? a[2] : nil
        let rest = Array(a[4...])
        let kind: StyleParameter.Kind
        switch a[3] {
        case "number":
            guard rest.count == 3, let lo = Double(rest[0]), let hi = Double(rest[1]), let v = Double(rest[2]) else { return nil }
            kind = .number(min: lo, max: hi, default: v)
        case "color":
            let c = rest.compactMap(Double.init)
            guard c.count == 4, rest.count == 4 else { return nil }
            kind = .color(default: RGBA(c[0], c[1], c[2], c[3]))
        case "bool":
            guard rest.count == 1 else { return nil }
            kind = .boolean(default: rest[0] == "1")
        case "choice":
            guard rest.count == 2, let index = Int(rest[0]) else { return nil }
            kind = .choice(rest[1].split(separator: record, omittingEmptySubsequences: false).map(String.init), default: index)
        case "text":
            guard rest.count == 1 else { return nil }
            kind = .text(default: rest[0])
        default: return nil
        }
        return StyleParameter(id: a[0], label: label, kind: kind)
    }

    private static func join(_ parts: [String]) -> String { parts.joined(separator: String(unit)) }
    private static func split(_ value: String) -> [String] {
        value.split(separator: unit, omittingEmptySubsequences: false).map(String.init)
    }
}
