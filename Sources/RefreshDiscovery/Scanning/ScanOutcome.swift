import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

/// What became of one plugin file: what the scanner learned by loading it,
/// or why it was never loaded. This is what the registry cache keeps per
/// file, and everything `list`, `info` and `gallery` show about it.
public enum ScanOutcome: Equatable, Sendable {
    /// A style of a loaded library: its descriptor, or why it was refused.
    public enum Style: Equatable, Sendable {
        case descriptor(StyleDescriptor)
        case rejected(String)
    }

    /// It loaded: the ABI it declared, its styles in the library's order, and
    /// the data files they were made from (ABI 1.4) as they were when read.
    case loaded(abi: ABIVersion, styles: [Style], data: [DataFile] = [])
    /// The file gate refused its headers (the reason is about the resolved file).
    case refused(String)
    /// It loaded far enough to break a rule of the ABI (no entry, an old major, init returned false...).
    case rejected(String)
    /// It crashed or hung the scanner.
    case quarantined(String)
}

extension ScanOutcome {
    /// Whether every data file the styles were made from is as it was when
    /// read: a file changed, added to a listed folder, or made or removed
    /// where one was listed means the library must be scanned again.
    public var dataIsCurrent: Bool {
        guard case let .loaded(_, _, data) = self else { return true }
        return data.allSatisfy { FileIdentity.of($0.path) == $0.identity }
    }
}

/// ScanOutcome as `RecordFormat` fields: the scanner's reply, and each file's part of the cache.
enum OutcomeCodec {
    static func fields(_ outcome: ScanOutcome) -> [RecordFormat.Field] {
        switch outcome {
        case let .refused(why): return [("outcome", "refused"), ("reason", why)]
        case let .rejected(why): return [("outcome", "rejected"), ("reason", why)]
        case let .quarantined(why): return [("outcome", "quarantined"), ("reason", why)]
        case let .loaded(abi, styles, data):
            var fields: [RecordFormat.Field] = [("outcome", "loaded"), ("abi", abi.description)]
            fields += data.map { ("data", $0.encoded) }
            for style in styles {
                switch style {
                case let .rejected(why): fields.append(("bad-style", why))
                case let .descriptor(d): fields += descriptorFields(d)
                }
            }
            return fields
        }
    }

    static func descriptorFields(_ d: StyleDescriptor) -> [RecordFormat.Field] {
        let m = d.metrics
        var fields: [RecordFormat.Field] = [("style", d.id), ("name", d.name), ("version", d.version)]
        if let vendor = d.vendor { fields.append(("vendor", vendor)) }
        if let summary = d.summary { fields.append(("summary", summary)) }
        for tag in d.tags { fields.append(("tag", tag)) }
        for line in d.unsupported { fields.append(("unsupported", line)) }
        // Double's description reads back as exactly the same value.
        fields += [("height", "\(m.height)"), ("cycle-duration", "\(m.cycleDuration)"), ("cycle-delay", "\(m.cycleDelay)")]
        fields.append(("curve", curveText(m.cycleCurve)))
        fields += [("presentation", "\(m.presentation.rawValue)"), ("anchor", "\(m.anchor.rawValue)")]
        fields += LifecycleRecord.fields(d)
        return fields
    }

    /// The outcome whose fields start at `index`; on return `index` is past
    /// them. nil when they are not a well-formed outcome.
    static func decode(_ fields: [RecordFormat.Field], at index: inout Int) -> ScanOutcome? {
        guard index < fields.count, fields[index].key == "outcome" else { return nil }
        let kind = fields[index].value
        index += 1
        if kind != "loaded" {
            guard index < fields.count, fields[index].key == "reason" else { return nil }
            let why = fields[index].value
            index += 1
            switch kind {
            case "refused": return .refused(why)
            case "rejected": return .rejected(why)
            case "quarantined": return .quarantined(why)
            default: return nil
            }
        }
        guard index < fields.count, fields[index].key == "abi", let abi = version(fields[index].value) else { return nil }
        index += 1
        var data: [DataFile] = []
        while index < fields.count, fields[index].key == "data" {
            guard let file = DataFile(encoded: fields[index].value) else { return nil }
            data.append(file)
            index += 1
        }
        var styles: [ScanOutcome.Style] = []
        while index < fields.count {
            let field = fields[index]
            if field.key == "bad-style" {
                styles.append(.rejected(field.value))
                index += 1
            } else if field.key == "style" {
                guard let d = descriptor(fields, at: &index) else { return nil }
                styles.append(.descriptor(d))
            } else {
                break
            }
        }
        return .loaded(abi: abi, styles: styles, data: data)
    }

    static func descriptor(_ fields: [RecordFormat.Field], at index: inout Int) -> StyleDescriptor? {
        let id = fields[index].value
        index += 1
        var name, version, vendor, summary, height, duration, delay, curve, presentation, anchor: String?
        var tags: [String] = []
        var unsupported: [String] = []
        var lifecycle: [RecordFormat.Field] = []
        // Each key once, in any order; the first key that is not the descriptor's (or a repeat) ends it.
        fieldLoop: while index < fields.count {
            let field = fields[index]
            func take(_ slot: inout String?) -> Bool {
                guard slot == nil else { return false }
                slot = field.value
                return true
            }
            let taken: Bool
            switch field.key {
            case "tag": tags.append(field.value); taken = true
            case "unsupported": unsupported.append(field.value); taken = true
            case "name": taken = take(&name)
            case "version": taken = take(&version)
            case "vendor": taken = take(&vendor)
            case "summary": taken = take(&summary)
            case "height": taken = take(&height)
            case "cycle-duration": taken = take(&duration)
            case "cycle-delay": taken = take(&delay)
            case "curve": taken = take(&curve)
            case "presentation": taken = take(&presentation)
            case "anchor": taken = take(&anchor)
            case let key where LifecycleRecord.keys.contains(key): lifecycle.append(field); taken = true
            default: taken = false
            }
            guard taken else { break fieldLoop }
            index += 1
        }
        guard let name, let version, let height = height.flatMap(Double.init), let duration = duration.flatMap(Double.init),
              let delay = delay.flatMap(Double.init), let curve = curve.flatMap(Self.curve),
              let presentation = presentation.flatMap({ Int32($0) }).flatMap(Presentation.init(rawValue:)),
              let anchor = anchor.flatMap({ Int32($0) }).flatMap(Anchor.init(rawValue:))
        else { return nil }
        var d = StyleDescriptor(
            id: id, name: name, version: version, vendor: vendor, summary: summary, tags: tags,
            metrics: StyleMetrics(height: height, cycleDuration: duration, cycleDelay: delay, cycleCurve: curve,
                                  presentation: presentation, anchor: anchor))
        guard LifecycleRecord.apply(lifecycle, to: &d) else { return nil }
        d.unsupported = unsupported
        return d
    }

    static func curveText(_ curve: TimingCurve) -> String {
        switch curve {
        case .linear: "linear"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .easeInOut: "ease-in-out"
        case .keyframes: "keyframes"
        case let .spring(damping, velocity): "spring \(damping) \(velocity)"
        // A descriptor's cycle curve is never one of these (ABI 1.2 curves carry
        // parameters the descriptor has no room for); written for completeness.
        case let .cubicBezier(x1, y1, x2, y2): "cubic-bezier \(x1) \(y1) \(x2) \(y2)"
        case let .steps(n, jumpStart): "steps \(n) \(jumpStart ? "jump-start" : "jump-end")"
        }
    }

    static func curve(_ text: String) -> TimingCurve? {
        switch text {
        case "linear": return .linear
        case "ease-in": return .easeIn
        case "ease-out": return .easeOut
        case "ease-in-out": return .easeInOut
        case "keyframes": return .keyframes
        default:
            let parts = text.split(separator: " ")
            if parts.count == 5, parts[0] == "cubic-bezier" {
                let n = parts.dropFirst().compactMap { Double($0) }
                return n.count == 4 ? .cubicBezier(x1: n[0], y1: n[1], x2: n[2], y2: n[3]) : nil
            }
            if parts.count == 3, parts[0] == "steps", let n = Int(parts[1]), ["jump-start", "jump-end"].contains(parts[2]) {
                return .steps(n, jumpStart: parts[2] == "jump-start")
            }
            guard parts.count == 3, parts[0] == "spring", let damping = Double(parts[1]), let velocity = Double(parts[2])
            else { return nil }
            return .spring(damping: damping, initialVelocity: velocity)
        }
    }

    /// "1.1.0", read without building substrings (a warm list reads one per plugin file).
    static func version(_ text: String) -> ABIVersion? {
        var parts: (UInt32, UInt32, UInt32) = (0, 0, 0)
        var index = 0, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, index < 2 else { return nil }
                index += 1
                digits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
            let digit = UInt32(byte - UInt8(ascii: "0"))
            switch index {
            case 0: parts.0 = parts.0 * 10 + digit
            case 1: parts.1 = parts.1 * 10 + digit
            default: parts.2 = parts.2 * 10 + digit
            }
            digits += 1
        }
        guard index == 2, digits > 0 else { return nil }
        return ABIVersion(major: parts.0, minor: parts.1, patch: parts.2)
    }
}
