import RefreshLayers
import RefreshRender

/// One frame that uses the whole 1.2 drawing vocabulary: a shadowed rounded
/// card with a trimmed round-capped ring, a dashed rounded rect, a radial
/// gradient, an alpha-masked square, an image, and serif text with a stroke.
enum VocabularyScene {
    static func make() throws -> [LayerSnapshot] {
        let s = try RasterScene()
        let card = try s.layer(.rect, 5, 5, 40, 40, fill: RGBA(0.2, 0.5, 1))
        try s.tree.set(.cornerRadius, 8, on: card)
        try s.tree.set(.shadowOpacity, 0.6, on: card)
        try s.tree.set(.shadowRadius, 6, on: card)
        try s.tree.set(.shadowOffsetY, 4, on: card)
        let ring = try s.layer(.ellipse, in: card, 8, 8, 24, 24, stroke: RGBA(1, 1, 1))
        try s.tree.set(.lineWidth, 3, on: ring)
        try s.tree.set(.strokeStart, 0.1, on: ring)
        try s.tree.set(.strokeEnd, 0.7, on: ring)
        try s.tree.set(.lineCap, 1, on: ring)
        let dashed = try s.layer(.rect, 55, 5, 40, 40, stroke: RGBA(1, 0, 0))
        try s.tree.set(.lineWidth, 2, on: dashed)
        try s.tree.setDash([6, 3], on: dashed)
        try s.tree.set(.cornerRadius, 10, on: dashed)
        let radial = try s.layer(.rect, 5, 55, 40, 40)
        try s.tree.setGradient(Gradient(startX: 0.5, startY: 0.5, endX: 1, endY: 0.8,
                                        stops: [.init(0, RGBA(1, 1, 0)), .init(1, RGBA(0, 0.5, 0))], kind: .radial),
                               on: radial)
        let masked = try s.layer(.rect, 55, 55, 40, 40, fill: RGBA(0.5, 0, 0.5))
        let mask = try s.layer(.ellipse, in: masked, 5, 5, 30, 30, fill: RGBA(0, 0, 0))
        try s.tree.setMask(LayerMask(layer: mask, mode: .alpha), on: masked)
        let picture = try s.layer(.image, 62, 62, 26, 26)
        try s.tree.set(.contentsGravity, 1, on: picture)
        let text = try s.layer(.text, 45, 38, 55, 20, fill: RGBA(0, 0, 0), stroke: RGBA(1, 0, 0))
        try s.tree.setText("Hi!", on: text)
        try s.tree.set(.fontSize, 16, on: text)
        try s.tree.setFont(FontSpec(family: "DejaVu Serif", weight: 700, italic: true), on: text)
        try s.tree.set(.lineWidth, 0.5, on: text)
        var layers = s.snapshot
        // An 8 x 8 checker of orange and translucent blue.
        var pixels: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { pixels += (x + y) % 2 == 0 ? [0, 128, 255, 255] : [128, 0, 0, 128] } }
        layers[layers.firstIndex { $0.id == picture }!].image = RasterImage(serial: 7, width: 8, height: 8, pixels: pixels)
        return layers
    }
}
