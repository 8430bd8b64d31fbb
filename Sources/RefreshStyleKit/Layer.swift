import RefreshHostABI

/// A layer made by the host for this instance: a handle plus the host that
/// owns it. Copying a `Layer` copies the handle, not the layer.
///
/// Layers work like Core Animation layers: `position` is where the
/// `anchorPoint` (unit coordinates, default (0.5, 0.5)) sits in the parent,
/// and rotation and scale turn about that point. Setters apply at once, or
/// tween inside an animate block; getters read the model value (the value
/// set last, not the one on screen). The host refuses a bad value, logs one
/// line saying why and changes nothing; the kit then carries on.
public struct Layer: Hashable {
    public let host: StyleHost
    public let handle: rh_layer_t

    public init(host: StyleHost, handle: rh_layer_t) {
        self.host = host
        self.handle = handle
    }

    public static func == (a: Layer, b: Layer) -> Bool {
        a.handle == b.handle && a.host.raw == b.host.raw
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle)
        hasher.combine(host.raw)
    }

    // MARK: Any numeric property

    /// Sets a numeric property; false if the host refused it.
    @discardableResult
    public func set(_ property: LayerProperty, _ value: Double) -> Bool {
        let raw = host.raw
        return succeeded(raw.pointee.layer_set?(raw, handle, property.c, value))
    }

    /// A numeric property's model value (0 if the host refused the call).
    public func get(_ property: LayerProperty) -> Double {
        let raw = host.raw
        var value = 0.0
        guard succeeded(raw.pointee.layer_get?(raw, handle, property.c, &value)) else { return 0 }
        return value
    }

    // MARK: Geometry

    /// Where the anchor point sits, in the parent's coordinates.
    public var position: Point {
        get { Point(x: get(.positionX), y: get(.positionY)) }
        nonmutating set {
            set(.positionX, newValue.x)
            set(.positionY, newValue.y)
        }
    }

    /// The bounds size.
    public var size: Size {
        get { Size(width: get(.width), height: get(.height)) }
        nonmutating set {
            set(.width, newValue.width)
            set(.height, newValue.height)
        }
    }

    /// In unit coordinates of the bounds; (0.5, 0.5) by default.
    public var anchorPoint: Point {
        get { Point(x: get(.anchorX), y: get(.anchorY)) }
        nonmutating set {
            set(.anchorX, newValue.x)
            set(.anchorY, newValue.y)
        }
    }

    /// The untransformed rectangle in the parent: its origin is
    /// `position - anchorPoint * size`. Setting it sets size and position,
    /// keeping the anchor point.
    public var frame: Rect {
        get {
            let p = position, a = anchorPoint, s = size
            return Rect(x: p.x - a.x * s.width, y: p.y - a.y * s.height, width: s.width, height: s.height)
        }
        nonmutating set {
            let a = anchorPoint
            size = newValue.size
            position = Point(x: newValue.x + a.x * newValue.width, y: newValue.y + a.y * newValue.height)
        }
    }

    // MARK: Transform

    /// Radians about the anchor point, positive clockwise on screen.
    public var rotation: Double { get { get(.rotation) } nonmutating set { set(.rotation, newValue) } }

    /// Sets scaleX and scaleY together; reads scaleX.
    public var scale: Double { get { get(.scale) } nonmutating set { set(.scale, newValue) } }

    public var scaleX: Double { get { get(.scaleX) } nonmutating set { set(.scaleX, newValue) } }

    public var scaleY: Double { get { get(.scaleY) } nonmutating set { set(.scaleY, newValue) } }

    /// Applied after rotation and scale.
    public var translation: Point {
        get { Point(x: get(.translationX), y: get(.translationY)) }
        nonmutating set {
            set(.translationX, newValue.x)
            set(.translationY, newValue.y)
        }
    }

    // MARK: Appearance

    /// 0...1; multiplies down the tree.
    public var opacity: Double { get { get(.opacity) } nonmutating set { set(.opacity, newValue) } }

    /// Rounds a rect's corners, and the clip of any layer.
    public var cornerRadius: Double { get { get(.cornerRadius) } nonmutating set { set(.cornerRadius, newValue) } }

    /// The stroke's width, used when the stroke colour is not clear.
    public var lineWidth: Double { get { get(.lineWidth) } nonmutating set { set(.lineWidth, newValue) } }

    /// Orders siblings (then creation order).
    public var zPosition: Double { get { get(.zPosition) } nonmutating set { set(.zPosition, newValue) } }

    public var isHidden: Bool { get { get(.hidden) != 0 } nonmutating set { set(.hidden, newValue ? 1 : 0) } }

    /// Clips children to the bounds and corner radius.
    public var clipsToBounds: Bool { get { get(.clipsToBounds) != 0 } nonmutating set { set(.clipsToBounds, newValue ? 1 : 0) } }

    /// Text layers only.
    public var fontSize: Double { get { get(.fontSize) } nonmutating set { set(.fontSize, newValue) } }

    /// Text layers only.
    public var isBold: Bool { get { get(.fontWeight) != 0 } nonmutating set { set(.fontWeight, newValue ? 1 : 0) } }

    // MARK: Colours

    /// The fill's model value (clear if the host cannot say).
    public var fill: Color { color(of: .fill) }

    /// The stroke's model value (clear if the host cannot say).
    public var stroke: Color { color(of: .stroke) }

    /// A colour property's model value (clear if the host cannot say).
    public func color(of property: ColorProperty) -> Color {
        let raw = host.raw
        var c = rh_color_t(r: 0, g: 0, b: 0, a: 0)
        guard succeeded(raw.pointee.layer_get_color?(raw, handle, property.c, &c)) else { return .clear }
        return Color(c)
    }

    /// Sets a colour property; it tweens inside an animate block. False if
    /// the host refused it.
    @discardableResult
    public func setColor(_ color: Color, for property: ColorProperty) -> Bool {
        let raw = host.raw
        var c = color.c
        return succeeded(raw.pointee.layer_set_color?(raw, handle, property.c, &c))
    }

    /// The fill: a rect's background, a shape's inside, a text's colour.
    @discardableResult
    public func setFill(_ color: Color) -> Bool {
        setColor(color, for: .fill)
    }

    /// The outline, `lineWidth` wide (set here when given).
    @discardableResult
    public func setStroke(_ color: Color, width: Double? = nil) -> Bool {
        if let width { lineWidth = width }
        return setColor(color, for: .stroke)
    }

    // MARK: Content (write-only: the ABI has no getters for text and paths)

    /// The text of a text layer (UTF-8, at most 1024 bytes). Not animatable.
    @discardableResult
    public func setText(_ text: String) -> Bool {
        let raw = host.raw
        return succeeded(text.withCString { raw.pointee.layer_set_text?(raw, handle, $0) })
    }

    /// The path of a path layer. It applies at once, also inside an animate
    /// block; to morph one path into another, add a `KeyframeAnimation` of
    /// `.paths`. True also when the host adjusted it (a path that starts
    /// with a line-to is drawn from its end point, and logged).
    @discardableResult
    public func setPath(_ path: Path) -> Bool {
        let raw = host.raw
        let elements = path.cElements
        return succeeded(elements.withUnsafeBufferPointer {
            raw.pointee.layer_set_path?(raw, handle, $0.baseAddress, $0.count)
        })
    }

    // MARK: Tree and animations

    /// Creates a child layer (see `StyleHost.makeLayer`).
    public func addChild(_ kind: LayerKind, frame: Rect? = nil) -> Layer? {
        host.makeLayer(kind, in: self, frame: frame)
    }

    /// Removes this layer and its children, cancelling their animations.
    public func removeFromParent() {
        _ = host.raw.pointee.layer_remove?(host.raw, handle)
    }

    /// Adds a key-path animation; it replaces one on the same property, which
    /// then completes with false. `completion` runs once.
    public func add(_ animation: BasicAnimation, completion: ((Bool) -> Void)? = nil) {
        host.add(animation, to: handle, completion: completion)
    }

    /// Cancels every animation on this layer; it shows its model values.
    public func removeAllAnimations() {
        _ = host.raw.pointee.layer_remove_animations?(host.raw, handle)
    }
}
