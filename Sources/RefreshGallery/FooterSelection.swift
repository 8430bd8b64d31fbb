import RefreshDiscovery

/// A footer gallery (ABI 1.3) shows the styles that work as footers, and says which it left out.
public enum FooterSelection {
    /// `entries` without the loaded styles that do not declare RH_STYLE_FOOTER, and those styles' short names.
    public static func split(_ entries: [PluginEntry]) -> (entries: [PluginEntry], leftOut: [String]) {
        let headersOnly = entries.filter { $0.status == .loaded && $0.descriptor?.metrics.supportsFooter == false }
        let kept = entries.filter { e in !headersOnly.contains { $0.file == e.file && $0.descriptor?.id == e.descriptor?.id } }
        return (kept, headersOnly.compactMap { $0.descriptor?.shortName })
    }
}
