/// Where a key-path or keyframe animation lives on its layer: a number
/// property's slot, a colour's, the path's or the gradient's.
///
/// A plain enum rather than a `ReferenceWritableKeyPath`: a key path with a
/// subscript index (`\.keyPaths[i]`) is built at run time on every use, the
/// runtime demangling its types, which made removing a layer's animations
/// cost about 190 us a call whatever the layer held.
enum RecordSlot: Equatable {
    case number(Int)
    case color(Int)
    case path
    case gradient
}

extension LayerNode {
    subscript(slot: RecordSlot) -> KeyPathRecord? {
        get {
            switch slot {
            case let .number(i): keyPaths[i]
            case let .color(i): colorKeyframes[i]
            case .path: pathKeyframes
            case .gradient: gradientKeyframes
            }
        }
        set {
            switch slot {
            case let .number(i): keyPaths[i] = newValue
            case let .color(i): colorKeyframes[i] = newValue
            case .path: pathKeyframes = newValue
            case .gradient: gradientKeyframes = newValue
            }
        }
    }
}
