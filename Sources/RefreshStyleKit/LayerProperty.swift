import RefreshHostABI

/// The numeric layer properties (all animatable). See refresh_host.h for
/// defaults and ranges.
public enum LayerProperty: Sendable, Hashable, CaseIterable {
    case positionX, positionY
    case width, height
    case anchorX, anchorY
    /// Radians, positive turns clockwise on screen.
    case rotation
    case scaleX, scaleY
    /// Sets (and animates) scaleX and scaleY together; reads scaleX.
    case scale
    case translationX, translationY
    case opacity
    case cornerRadius
    case lineWidth
    case zPosition
    /// 0 or 1.
    case hidden
    /// 0 or 1.
    case clipsToBounds
    /// Text layers only.
    case fontSize
    /// Text layers only: 0 regular, 1 bold.
    case fontWeight
    /// 0...1: the stroke starts at this fraction of the outline's length.
    case strokeStart
    /// 0...1: the stroke ends at this fraction of the outline's length.
    case strokeEnd
    /// A `LineCap`'s value; snaps.
    case lineCap
    /// A `LineJoin`'s value; snaps.
    case lineJoin
    /// 1...1000.
    case miterLimit
    /// Points into the dash pattern where the stroke starts; animate it to march.
    case lineDashPhase
    /// A `FillRule`'s value; snaps.
    case fillRule
    /// 0...1; no shadow while 0 (the default).
    case shadowOpacity
    /// 0...100 points of blur.
    case shadowRadius
    case shadowOffsetX
    /// Positive is down.
    case shadowOffsetY
    /// A `ContentsGravity`'s value; snaps. Image layers only.
    case contentsGravity
    /// Image pixels per point. Image layers only.
    case contentsScale

    var c: rh_property_t {
        switch self {
        case .positionX: rh_property_t(RH_PROP_POSITION_X)
        case .positionY: rh_property_t(RH_PROP_POSITION_Y)
        case .width: rh_property_t(RH_PROP_WIDTH)
        case .height: rh_property_t(RH_PROP_HEIGHT)
        case .anchorX: rh_property_t(RH_PROP_ANCHOR_X)
        case .anchorY: rh_property_t(RH_PROP_ANCHOR_Y)
        case .rotation: rh_property_t(RH_PROP_ROTATION)
        case .scaleX: rh_property_t(RH_PROP_SCALE_X)
        case .scaleY: rh_property_t(RH_PROP_SCALE_Y)
        case .scale: rh_property_t(RH_PROP_SCALE)
        case .translationX: rh_property_t(RH_PROP_TRANSLATION_X)
        case .translationY: rh_property_t(RH_PROP_TRANSLATION_Y)
        case .opacity: rh_property_t(RH_PROP_OPACITY)
        case .cornerRadius: rh_property_t(RH_PROP_CORNER_RADIUS)
        case .lineWidth: rh_property_t(RH_PROP_LINE_WIDTH)
        case .zPosition: rh_property_t(RH_PROP_Z_POSITION)
        case .hidden: rh_property_t(RH_PROP_HIDDEN)
        case .clipsToBounds: rh_property_t(RH_PROP_CLIPS_TO_BOUNDS)
        case .fontSize: rh_property_t(RH_PROP_FONT_SIZE)
        case .fontWeight: rh_property_t(RH_PROP_FONT_WEIGHT)
        case .strokeStart: rh_property_t(RH_PROP_STROKE_START)
        case .strokeEnd: rh_property_t(RH_PROP_STROKE_END)
        case .lineCap: rh_property_t(RH_PROP_LINE_CAP)
        case .lineJoin: rh_property_t(RH_PROP_LINE_JOIN)
        case .miterLimit: rh_property_t(RH_PROP_MITER_LIMIT)
        case .lineDashPhase: rh_property_t(RH_PROP_DASH_PHASE)
        case .fillRule: rh_property_t(RH_PROP_FILL_RULE)
        case .shadowOpacity: rh_property_t(RH_PROP_SHADOW_OPACITY)
        case .shadowRadius: rh_property_t(RH_PROP_SHADOW_RADIUS)
        case .shadowOffsetX: rh_property_t(RH_PROP_SHADOW_OFFSET_X)
        case .shadowOffsetY: rh_property_t(RH_PROP_SHADOW_OFFSET_Y)
        case .contentsGravity: rh_property_t(RH_PROP_CONTENTS_GRAVITY)
        case .contentsScale: rh_property_t(RH_PROP_CONTENTS_SCALE)
        }
    }
}
