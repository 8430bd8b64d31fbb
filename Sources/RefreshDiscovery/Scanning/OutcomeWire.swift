import RefreshPluginRuntime
import RefreshWorker

/// A ScanOutcome on the worker protocol's wire: the outcome, the ABI, the
/// data files and each style typed; a descriptor as the same fields the
/// registry cache keeps (`OutcomeCodec`), so the two can never disagree on
/// what a descriptor holds. Read as untrusted: the plugin shared the
/// worker's memory.
enum OutcomeWire {
    static let maxItems = 4096
    /// As long as a message may be (the scanner's framer takes at most 1 MiB).
    static let maxText = 1 << 20

    static func encode(_ outcome: ScanOutcome, into w: inout WireWriter) {
        switch outcome {
        case let .loaded(abi, styles, data):
            w.u8(1)
            w.u32(abi.major); w.u32(abi.minor); w.u32(abi.patch)
            w.u32(UInt32(data.count))
            for file in data { file.encode(into: &w) }
            w.u32(UInt32(styles.count))
            for style in styles {
                switch style {
                case let .descriptor(d):
                    w.u8(1)
                    let fields = OutcomeCodec.descriptorFields(d)
                    w.u32(UInt32(fields.count))
                    for field in fields { w.string(field.key); w.string(field.value) }
                case let .rejected(why): w.u8(2); w.string(why)
                }
            }
        case let .refused(why): w.u8(2); w.string(why)
        case let .rejected(why): w.u8(3); w.string(why)
        // The supervisor's verdict on a worker, never a worker's own: the decoder refuses it.
        case let .quarantined(why): w.u8(4); w.string(why)
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> ScanOutcome {
        switch try r.u8() {
        case 1: return try loaded(&r, descriptor: descriptor)
        case 2: return .refused(try r.string(max: maxText))
        case 3: return .rejected(try r.string(max: maxText))
        case 4: throw WireError("a quarantine from the worker (only the supervisor quarantines)")
        case let tag: throw WireError("unknown scan outcome \(tag)")
        }
    }

    /// A loaded outcome's ABI, data files and styles, each descriptor read by `descriptor`
    /// (the scan reply and the registry cache write descriptors their own ways).
    static func loaded(_ r: inout WireReader,
                       descriptor: (inout WireReader) throws(WireError) -> StyleDescriptor) throws(WireError) -> ScanOutcome {
        let abi = ABIVersion(major: try r.u32(), minor: try r.u32(), patch: try r.u32())
        var data: [DataFile] = []
        for _ in 0..<(try r.count(max: maxItems, of: "data files")) {
            data.append(try DataFile(from: &r, maxPath: maxText))
        }
        var styles: [ScanOutcome.Style] = []
        for _ in 0..<(try r.count(max: maxItems, of: "styles")) {
            switch try r.u8() {
            case 1: styles.append(.descriptor(try descriptor(&r)))
            case 2: styles.append(.rejected(try r.string(max: maxText)))
            case let tag: throw WireError("unknown style entry \(tag)")
            }
        }
        return .loaded(abi: abi, styles: styles, data: data)
    }

    private static func descriptor(_ r: inout WireReader) throws(WireError) -> StyleDescriptor {
        var fields: [RecordFormat.Field] = []
        for _ in 0..<(try r.count(max: maxItems, of: "a descriptor's fields")) {
            let key = try r.string(max: 64)
            fields.append((key, try r.string(max: maxText)))
        }
        var index = 0
        guard fields.first?.key == "style", let d = OutcomeCodec.descriptor(fields, at: &index), index == fields.count else {
            throw WireError("a style descriptor that does not read back")
        }
        return d
    }
}
