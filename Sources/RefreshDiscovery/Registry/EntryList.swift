import RefreshPluginRuntime

/// A registry's entries as they are found, in search order: each file's
/// outcome becomes one entry per style (or one for the file), and a style
/// whose id an earlier loaded style has is shadowed. Scanning and loading in
/// this process build their registries through this one list.
struct EntryList {
    private(set) var entries: [PluginEntry] = []

    /// `file` as found on the path; `resolved`, the file a loaded library's
    /// styles are named by (its canonical path).
    mutating func append(_ outcome: ScanOutcome, file: String, resolved: String, origin: SearchDirectory.Origin) {
        switch outcome {
        case let .refused(why):
            entries.append(PluginEntry(descriptor: nil, file: file, origin: origin, status: .refused(why)))
        case let .rejected(why):
            entries.append(PluginEntry(descriptor: nil, file: file, origin: origin, status: .rejected(why)))
        case let .quarantined(why):
            entries.append(PluginEntry(descriptor: nil, file: file, origin: origin, status: .quarantined(why)))
        case let .loaded(abi, styles, _):
            for style in styles {
                switch style {
                case let .rejected(why):
                    entries.append(PluginEntry(descriptor: nil, file: resolved, origin: origin, status: .rejected(why),
                                               abiVersion: abi))
                case let .descriptor(d):
                    entries.append(PluginEntry(descriptor: d, file: resolved, origin: origin,
                                               status: StyleLookup.status(of: d, after: entries), abiVersion: abi))
                }
            }
        }
    }
}
