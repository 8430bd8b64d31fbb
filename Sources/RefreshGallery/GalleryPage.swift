import RefreshText

/// The gallery as one self-contained HTML page: inline CSS, no scripts but
/// two one-line image handlers, no network. The animations sit next to it.
public struct GalleryPage: Sendable {
    public var title = "RefreshHost styles"
    /// Who made the page, e.g. "refresh-host 1.0.0 (plugin ABI 1.0.0)".
    public var generator: String
    public var cards: [GalleryCard]

    public init(generator: String, cards: [GalleryCard]) {
        self.generator = generator
        self.cards = cards
    }

    public func html() -> String {
        let loaded = cards.filter { $0.status == .loaded }.count
        let failed = cards.filter { $0.status.isFailure }.count
        var summary = "\(loaded) of \(cards.count) \(cards.count == 1 ? "style" : "styles") loaded"
        if failed > 0 { summary += ", \(failed) not rendered" }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light">
            <title>\(escapeMarkup(title))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>
            <header class="page">
            <h1>\(escapeMarkup(title))</h1>
            <p>\(escapeMarkup(summary)) &middot; made by \(escapeMarkup(generator))</p>
            </header>
            <main class="grid">

            """
        for (card, id) in zip(cards, Self.elementIDs(cards)) { out += Self.render(card, elementID: id) }
        out += """
            </main>
            </body>
            </html>

            """
        return out
    }

    /// Each card's element id, unique on the page: its style id, so `#com.refreshhost.yelp`
    /// links to the card. A shadowed style has the id of the style that wins, which keeps
    /// the plain id; the others get `-2`, `-3`, ... in page order.
    static func elementIDs(_ cards: [GalleryCard]) -> [String?] {
        var result = [String?](repeating: nil, count: cards.count)
        var used: Set<String> = []
        let order = cards.indices.filter { cards[$0].status == .loaded } + cards.indices.filter { cards[$0].status != .loaded }
        for index in order {
            guard let id = cards[index].id else { continue }
            var unique = id
            var n = 2
            while used.contains(unique) {
                unique = "\(id)-\(n)"
                n += 1
            }
            used.insert(unique)
            result[index] = unique
        }
        return result
    }

    static func render(_ card: GalleryCard, elementID: String? = nil) -> String {
        var rows: [(String, String)] = []
        if let id = card.id { rows.append(("id", "<code>\(escapeMarkup(id))</code>")) }
        if let v = card.version { rows.append(("version", escapeMarkup(v))) }
        if let v = card.vendor { rows.append(("vendor", escapeMarkup(v))) }
        if let h = card.height { rows.append(("height", "\(shortNumber(h)) pt")) }
        if let c = card.cycleDuration { rows.append(("cycle", "\(shortNumber(c, decimals: 3)) s")) }
        if let l = card.layout { rows.append(("layout", escapeMarkup(l))) }
        let origin = card.origin.map { " <span class=\"origin\">(\(escapeMarkup($0)))</span>" } ?? ""
        rows.append(("file", "<code class=\"file\">\(escapeMarkup(card.file))</code>\(origin)"))
        if let c = card.conformance { rows.append(("validate", verdict(c, status: card.status))) }

        let status = card.status
        var html = "<article class=\"card\" data-status=\"\(status.cssClass)\""
        if let id = elementID ?? card.id { html += " id=\"\(escapeMarkup(id))\"" }
        html += ">\n"
        let name = escapeMarkup(card.name)
        if let animation = card.animation {
            html += figure(card, animation: animation, poster: card.poster, caption: nil,
                           alt: "\(name) pull-to-refresh animation")
        }
        if let still = card.failureStill {
            // A picture, not an animation: one moment of the ending a failed refresh gets.
            html += figure(card, animation: still, poster: nil, caption: "When the refresh fails",
                           alt: "\(name) half way through its ending when the refresh fails, a still picture")
        }
        if let themed = card.themed {
            let caption = "In a second theme: " + themed.label
            html += figure(card, animation: themed.animation, poster: themed.poster, caption: caption,
                           alt: "\(name) pull-to-refresh animation, " + escapeMarkup(caption.lowercased()))
        }
        // No animation, no picture box: the card's status says why.
        html += "<div class=\"body\">\n<h2>\(escapeMarkup(card.name))"
        html += " <span class=\"badge \(status.cssClass)\">\(escapeMarkup(status.label))</span></h2>\n"
        if let detail = status.detail { html += "<p class=\"status \(status.cssClass)\">\(escapeMarkup(detail))</p>\n" }
        if let summary = card.summary { html += "<p class=\"summary\">\(escapeMarkup(summary))</p>\n" }
        html += "<dl>\n"
        for (key, value) in rows { html += "<dt>\(key)</dt><dd>\(value)</dd>\n" }
        html += "</dl>\n</div>\n</article>\n"
        return html
    }

    /// One drawing of the card's style; its still replaces it for readers who prefer reduced motion.
    /// `alt` is markup already escaped.
    static func figure(_ card: GalleryCard, animation: String, poster: String?, caption: String?, alt: String) -> String {
        """
            <figure class="phone\(caption == nil ? "" : " themed")"><picture>\
            \(poster.map { "<source srcset=\"\(escapeMarkup($0))\" media=\"(prefers-reduced-motion: reduce)\">" } ?? "")\
            <img src="\(escapeMarkup(animation))" width="\(card.animationWidth)" height="\(card.animationHeight)" \
            alt="\(alt)" \
            onload="this.dataset.state='loaded'" \
            onerror="this.dataset.state='missing';this.closest('figure').classList.add('missing')"></picture>\
            \(caption.map { "<figcaption>\(escapeMarkup($0))</figcaption>" } ?? "")</figure>

            """
    }

    /// What validate said, in words that never contradict the card's status:
    /// a style that could not be drawn gets no green "passes" badge, only a
    /// plain note that the checks found nothing, so the failure stays the
    /// card's one headline.
    static func verdict(_ c: GalleryCard.Conformance, status: GalleryCard.Status) -> String {
        let checks = "<span class=\"checks\">strictness \(c.strictness): \(escapeMarkup(c.summary))</span>"
        guard c.passed else {
            return "<span class=\"badge bad\">fails</span> " + escapeMarkup(c.problems.joined(separator: ", ")) + " " + checks
        }
        if status.isFailure { return "no check failed; only drawing it did \(checks)" }
        return "<span class=\"badge ok\">passes</span> \(checks)"
    }

    static let css = """
        :root { --ink: #1c1c1e; --muted: #6b6b73; --line: #e3e3e8; --paper: #f4f4f7; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--paper); color: var(--ink);
               font: 15px/1.45 system-ui, "DejaVu Sans", sans-serif; }
        header.page { padding: 28px 32px 8px; }
        header.page h1 { margin: 0; font-size: 26px; letter-spacing: -0.01em; }
        header.page p { margin: 4px 0 0; color: var(--muted); }
        .grid { display: grid; gap: 24px; padding: 20px 32px 40px;
                grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); }
        .card { background: #fff; border-radius: 16px; overflow: hidden;
                box-shadow: 0 1px 2px rgba(0,0,0,.06), 0 6px 20px rgba(0,0,0,.06); }
        .phone { margin: 0; background: #111; padding: 10px 10px 0; display: flex; }
        .phone picture { display: block; width: 100%; }
        .phone img { width: 100%; height: auto; display: block; border-radius: 10px 10px 0 0; background: #fff; }
        .phone.missing { align-items: center; justify-content: center; color: #9a9aa2; }
        .phone.missing { min-height: 180px; }
        .phone.missing img { display: none; }
        .phone.missing::after { content: "animation missing"; }
        .phone.themed { flex-direction: column; padding-top: 8px; }
        .phone.themed img { border-radius: 10px; }
        .phone figcaption { color: #c7c7cc; font-size: 12px; padding: 6px 2px; }
        .body { padding: 14px 18px 18px; }
        h2 { margin: 0 0 6px; font-size: 18px; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
        .badge { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em;
                 padding: 2px 8px; border-radius: 999px; }
        .badge.ok { background: #e3f6e8; color: #1d7a3a; }
        .badge.warn { background: #fff3d6; color: #8a5a00; }
        .badge.bad { background: #fde4e4; color: #a32020; }
        p.status { margin: 0 0 8px; font-size: 13px; }
        p.status.bad { color: #a32020; }
        p.status.warn { color: #8a5a00; }
        p.summary { margin: 0 0 10px; color: var(--muted); }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; font-size: 13px; }
        dt { color: var(--muted); }
        dd { margin: 0; min-width: 0; }
        code { font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        code.file { word-break: break-all; color: var(--muted); }
        .origin { color: var(--muted); font-size: 12px; }
        .checks { display: block; color: var(--muted); font-size: 12px; }
        """
}
