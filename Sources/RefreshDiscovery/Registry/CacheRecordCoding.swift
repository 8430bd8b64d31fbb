import RefreshHostController
import RefreshLayers
import RefreshPluginRuntime
import RefreshWorker

/// The registry cache's records in binary (format 3): length-prefixed
/// strings and fixed-width numbers in the worker protocol's little-endian
/// encoding, a descriptor's fields by position. A warm command reads every
/// record of the cache; as `key=value` text (format 2) that was a String per
/// key and per value and a number parsed from text for each, about 9 us a
/// record, most of a warm `list`'s cost beyond starting the process. The
/// ABI 1.3 lifecycle fields, few and optional, keep LifecycleRecord's pairs.
/// Read as untrusted: every count and length is bounded, every enum checked.
enum CacheRecordCoding {
    static let maxItems = 4096
    static let maxText = 1 << 20

    static func encode(_ r: RegistryCache.Record, into w: inout WireWriter) {
        w.string(r.path)
        r.identity.encode(into: &w)
        w.bool(r.digest != nil)
        if let digest = r.digest { w.string(digest) }
        switch r.outcome {
        case let .refused(why): w.u8(1); w.string(why)
        case let .rejected(why): w.u8(2); w.string(why)
        case let .quarantined(why): w.u8(3); w.string(why)
        case let .loaded(abi, styles, data):
            w.u8(4)
            w.u32(abi.major); w.u32(abi.minor); w.u32(abi.patch)
            w.u32(UInt32(data.count))
            for file in data { file.encode(into: &w) }
            w.u32(UInt32(styles.count))
            for style in styles {
                switch style {
                case let .descriptor(d): w.u8(1); descriptor(d, into: &w)
                case let .rejected(why): w.u8(2); w.string(why)
                }
            }
        }
    }

    static func record(_ r: inout WireReader) throws(WireError) -> RegistryCache.Record {
        let path = try r.string(max: maxText)
        let id = try FileIdentity(from: &r)
        let digest = try r.bool() ? try r.string(max: 256) : nil
        let outcome: ScanOutcome
        switch try r.u8() {
        case 1: outcome = .refused(try r.string(max: maxText))
        case 2: outcome = .rejected(try r.string(max: maxText))
        case 3: outcome = .quarantined(try r.string(max: maxText))
        case 4: outcome = try OutcomeWire.loaded(&r, descriptor: descriptor)
        case let tag: throw WireError("unknown outcome \(tag)")
        }
        return RegistryCache.Record(path: path, identity: id, outcome: outcome, digest: digest)
    }

    private static func descriptor(_ d: StyleDescriptor, into w: inout WireWriter) {
        let m = d.metrics
        for text in [d.id, d.name, d.version] { w.string(text) }
        for text in [d.vendor, d.summary] {
            w.bool(text != nil)
            if let text { w.string(text) }
        }
        // The lines of what a designer's file does not draw travel as the plugin gave them:
        // tags under RH_TAG_UNSUPPORTED, split out again when read.
        let tags = d.tags + d.unsupported.map { StyleDescriptor.unsupportedTagPrefix + $0 }
        w.u32(UInt32(tags.count))
        for tag in tags { w.string(tag) }
        w.f64(m.height); w.f64(m.cycleDuration); w.f64(m.cycleDelay)
        w.string(OutcomeCodec.curveText(m.cycleCurve))
        w.u32(UInt32(bitPattern: m.presentation.rawValue)); w.u32(UInt32(bitPattern: m.anchor.rawValue))
        let lifecycle = LifecycleRecord.fields(d)
        w.u32(UInt32(lifecycle.count))
        for field in lifecycle { w.string(field.key); w.string(field.value) }
    }

    private static func descriptor(_ r: inout WireReader) throws(WireError) -> StyleDescriptor {
        let id = try r.string(max: maxText), name = try r.string(max: maxText), version = try r.string(max: maxText)
        let vendor = try r.bool() ? try r.string(max: maxText) : nil
        let summary = try r.bool() ? try r.string(max: maxText) : nil
        // Arrays sized once (a warm list reads a thousand of these): counts are checked against maxItems first.
        let tagCount = try r.count(max: maxItems, of: "tags")
        var tags: [String] = []
        tags.reserveCapacity(tagCount)
        for _ in 0..<tagCount { tags.append(try r.string(max: maxText)) }
        let height = try r.f64(), duration = try r.f64(), delay = try r.f64()
        guard let curve = OutcomeCodec.curve(try r.string(max: 256)) else { throw WireError("an unknown curve") }
        guard let presentation = Presentation(rawValue: Int32(bitPattern: try r.u32())),
              let anchor = Anchor(rawValue: Int32(bitPattern: try r.u32()))
        else { throw WireError("an unknown presentation or anchor") }
        let fieldCount = try r.count(max: maxItems, of: "lifecycle fields")
        var lifecycle: [RecordFormat.Field] = []
        lifecycle.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let key = try r.string(max: 64)
            lifecycle.append((key, try r.string(max: maxText)))
        }
        var d = StyleDescriptor(
            id: id, name: name, version: version, vendor: vendor, summary: summary, tags: tags,
            metrics: StyleMetrics(height: height, cycleDuration: duration, cycleDelay: delay, cycleCurve: curve,
                                  presentation: presentation, anchor: anchor))
        guard LifecycleRecord.apply(lifecycle, to: &d) else { throw WireError("malformed lifecycle fields") }
        let prefix = StyleDescriptor.unsupportedTagPrefix
        // Most styles draw everything: their tags are kept as read.
        if tags.contains(where: { $0.hasPrefix(prefix) }) {
            d.unsupported = tags.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            d.tags = tags.filter { !$0.hasPrefix(prefix) }
        }
        return d
    }
}
