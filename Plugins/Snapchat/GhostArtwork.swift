import RefreshStyleKit

/// The ghost: a white silhouette with a dark outline, drawn as one path in a
/// 50 x 50 box: a round head, straight sides with a small arm on each, and
/// a wavy skirt of four scallops. It spans y 5...44.5, so it looks centred
/// in the box.
enum GhostArtwork {
    static let side = 50.0
    static let body = Color.white
    static let outline = Color(hex: 0x1A1A1A)
    static let outlineWidth = 2.0

    static let path = Path { p in
        let pi = Double.pi
        p.move(to: Point(x: 10, y: 20))
        p.arc(center: Point(x: 25, y: 20), radius: 15, startAngle: pi, endAngle: 2 * pi)  // over the top
        // Right side and arm.
        p.line(to: Point(x: 40, y: 26))
        p.curve(to: Point(x: 46, y: 30), control1: Point(x: 43, y: 26), control2: Point(x: 46, y: 27))
        p.curve(to: Point(x: 40.5, y: 32.5), control1: Point(x: 46, y: 32.5), control2: Point(x: 43, y: 32.5))
        p.line(to: Point(x: 41, y: 40))
        // The skirt, right to left.
        for i in 0..<4 {
            let x0 = 41 - 8 * Double(i), x1 = x0 - 8
            p.curve(to: Point(x: x1, y: 40), control1: Point(x: x0 - 1, y: 46), control2: Point(x: x1 + 1, y: 46))
        }
        // Left side and arm.
        p.line(to: Point(x: 9.5, y: 32.5))
        p.curve(to: Point(x: 4, y: 30), control1: Point(x: 7, y: 32.5), control2: Point(x: 4, y: 32.5))
        p.curve(to: Point(x: 10, y: 26), control1: Point(x: 4, y: 27), control2: Point(x: 7, y: 26))
        p.close()
    }

    /// The ghost as a path layer centred at `centre` of `parent`.
    static func makeGhost(in parent: Layer, centre: Point) -> Layer? {
        guard let ghost = parent.addChild(
            .path, frame: Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side))
        else { return nil }
        ghost.setPath(path)
        ghost.setFill(body)
        ghost.setStroke(outline, width: outlineWidth)
        return ghost
    }
}
