import RefreshStyleKit

/// The yak's head, drawn in a 60 x 60 group so it turns as one: two cream
/// horns curving out and up, two ears, a round brown face, two eyes and a
/// pale muzzle with nostrils. The face is centred at (30, 31).
enum YakArtwork {
    static let side = 60.0
    static let horn = Color(hex: 0xF4EBD9)
    static let fur = Color(hex: 0x7B5235)
    static let dark = Color(hex: 0x3E2A1C)
    static let muzzle = Color(hex: 0xD8B48A)

    /// The left horn, or its mirror image on the right.
    static func hornPath(mirrored: Bool) -> Path {
        func at(_ x: Double, _ y: Double) -> Point { Point(x: mirrored ? side - x : x, y: y) }
        return Path { p in
            p.move(to: at(24, 17))                                                 // base, inner edge
            p.curve(to: at(6, 3), control1: at(15, 15), control2: at(8, 11))      // up to the tip
            p.curve(to: at(16, 26), control1: at(2, 13), control2: at(7, 24))     // back down the outside
            p.close()
        }
    }

    static func makeHead(in parent: Layer, centre: Point) -> Layer? {
        guard let head = parent.addChild(
            .group, frame: Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side))
        else { return nil }
        for mirrored in [false, true] {
            guard let horn = head.addChild(.path, frame: Rect(x: 0, y: 0, width: side, height: side)),
                  let ear = head.addChild(.ellipse, frame: Rect(x: mirrored ? 42 : 6, y: 24, width: 12, height: 7))
            else { return nil }
            horn.setPath(hornPath(mirrored: mirrored))
            horn.setFill(Self.horn)
            horn.setStroke(dark, width: 1.5)
            ear.setFill(fur)
            ear.setStroke(dark, width: 1.5)
        }
        guard let face = head.addChild(.ellipse, frame: Rect(center: Point(x: 30, y: 31), radius: 17)),
              let snout = head.addChild(.ellipse, frame: Rect(x: 19, y: 34, width: 22, height: 13))
        else { return nil }
        face.setFill(fur)
        face.setStroke(dark, width: 1.5)
        snout.setFill(muzzle)
        for x in [23.5, 36.5] {
            guard let eye = head.addChild(.ellipse, frame: Rect(center: Point(x: x, y: 27), radius: 4)),
                  let pupil = head.addChild(.ellipse, frame: Rect(center: Point(x: x, y: 27.5), radius: 2))
            else { return nil }
            eye.setFill(.white)
            pupil.setFill(dark)
        }
        for x in [26.0, 34.0] {
            guard let nostril = head.addChild(.ellipse, frame: Rect(x: x - 1.5, y: 39, width: 3, height: 2.5))
            else { return nil }
            nostril.setFill(dark)
        }
        return head
    }
}
