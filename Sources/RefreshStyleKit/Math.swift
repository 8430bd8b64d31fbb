#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `degrees` in radians: `rotation = radians(fromDegrees: 10)`.
public func radians(fromDegrees degrees: Double) -> Double {
    degrees * Double.pi / 180
}

/// The point at `angle` (radians, clockwise on screen from +x) on the circle
/// of `radius` around `center`.
public func point(on center: Point, radius: Double, angle: Double) -> Point {
    Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
}
