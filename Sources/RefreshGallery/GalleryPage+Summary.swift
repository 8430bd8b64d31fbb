extension GalleryPage {
    /// What `gallery` says when the page is written: the cards and animations at `index`,
    /// how many styles failed, and a line for each card that is not a loaded style.
    public func summary(index: String) -> [String] {
        let rendered = cards.filter { $0.animation != nil }.count
        let failed = cards.filter { $0.status.isFailure }
        return ["\(index): \(cards.count) card(s), \(rendered) animation(s)" + (failed.isEmpty ? "" : ", \(failed.count) style(s) failed")]
            + cards.filter { $0.status != .loaded }.map { "  \($0.id ?? $0.file): \($0.status)" }
    }

    /// Whether a loaded style could not be drawn: the command fails, the page is still written.
    public var hasFailures: Bool { cards.contains { $0.status.isFailure } }
}
