import RefreshStyleKit

/// The Yelp header's two 60 x 60 graphics, drawn with vector layers. Both
/// are centred on their own centre (30, 30), so the spinner's needle sits on
/// the compass's light centre when the two overlap.
enum YelpArtwork {
    static let side = 60.0
    static let body = Color(hex: 0x6898B0)
    static let centre = Color(hex: 0x98B8C0)
    static let red = Color(hex: 0xD04040)
    static let rimDot = Color(hex: 0xE4EEF2)

    /// A group: a small red tab on top, the round blue-grey body, four light
    /// dots on its rim and a light centre.
    static func makeCompass(in parent: Layer) -> Layer? {
        guard let compass = parent.addChild(.group, frame: Rect(x: 0, y: 0, width: side, height: side)),
              let tab = compass.addChild(.rect, frame: Rect(x: 25, y: 0, width: 10, height: 10)),
              let body = compass.addChild(.ellipse, frame: Rect(x: 4, y: 4, width: 52, height: 52)),
              let centre = compass.addChild(.ellipse, frame: Rect(center: Point(x: 30, y: 30), radius: 14))
        else { return nil }
        tab.cornerRadius = 2
        tab.setFill(red)
        body.setFill(Self.body)
        centre.setFill(Self.centre)
        for quarter in 0..<4 {
            let at = point(on: Point(x: 30, y: 30), radius: 21, angle: Double(quarter) * Double.pi / 2)
            guard let dot = compass.addChild(.ellipse, frame: Rect(center: at, radius: 2.5)) else { return nil }
            dot.setFill(rimDot)
        }
        return compass
    }

    /// A group holding a thin red needle from lower left to upper right,
    /// through the centre, with a small hub.
    static func makeSpinner(in parent: Layer) -> Layer? {
        guard let spinner = parent.addChild(.group, frame: Rect(x: 0, y: 0, width: side, height: side)),
              let needle = spinner.addChild(.path, frame: Rect(x: 0, y: 0, width: side, height: side)),
              let hub = spinner.addChild(.ellipse, frame: Rect(center: Point(x: 30, y: 30), radius: 3))
        else { return nil }
        let c = Point(x: 30, y: 30)
        let diagonal = -Double.pi / 4  // towards the upper right
        needle.setPath(.polygon([
            point(on: c, radius: 20, angle: diagonal),
            point(on: c, radius: 2.2, angle: diagonal + Double.pi / 2),
            point(on: c, radius: 20, angle: diagonal + Double.pi),
            point(on: c, radius: 2.2, angle: diagonal - Double.pi / 2),
        ]))
        needle.setFill(red)
        hub.setFill(red)
        return spinner
    }
}
