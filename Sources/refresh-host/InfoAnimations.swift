import RefreshPluginRuntime
import RefreshScaffold
import RefreshText

/// A dotLottie style's animations, as `info` shows them: the manifest's ids
/// in order, the first the one the adapter plays (`new --animation ID` puts
/// the chosen one first). A style made from anything else has none.
struct InfoAnimations {
    let ids: [String]

    init(_ d: StyleDescriptor) {
        guard let source = d.source, source.lowercased().hasSuffix(".lottie") else {
            ids = []
            return
        }
        ids = DotLottieArchive.animationIDs(atPath: source) ?? []
    }

    /// The text row's value: "spinner (played), other"; nil when there are none.
    var row: String? {
        ids.isEmpty ? nil : ids.enumerated().map { $0.offset == 0 ? $0.element + " (played)" : $0.element }
            .joined(separator: ", ")
    }

    /// `animations` in `info --json`: each `{"id", "played"}`; `[]` when there
    /// are none, as `unsupported` and `shadows` are empty lists, never null.
    var json: JSON {
        .array(ids.enumerated().map { .object([("id", .string($0.element)), ("played", .bool($0.offset == 0))]) })
    }

    /// `document` (info's `style` object) with `animations` after `unsupported`.
    func adding(to document: JSON) -> JSON {
        guard case var .object(fields) = document else { return document }
        let at = fields.firstIndex { $0.0 == "unsupported" }.map { $0 + 1 } ?? fields.count
        fields.insert(("animations", json), at: at)
        return .object(fields)
    }
}
