extension LayerTree {
    /// Sets a model value. Inside an open animate block the change animates from the
    /// value on screen; outside it applies at once and drops that property's block
    /// track (that block still completes normally, with true, at its own end).
    public func set(_ property: LayerProperty, _ value: Double, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard property.accepts(value) else { throw .outOfRange(property, value) }
        let i = Int(property.rawValue)
        guard let block = openBlocks.last else {
            n.values[i] = value
            n.tracks[i] = nil
            return
        }
        let change = blockChange(
            existing: n.tracks[i], onScreen: blockLevelValue(n, i), to: value, in: block)
        n.tracks[i] = change.track
        n.values[i] = change.model
    }

    /// The model value (the value set last, not the one on screen).
    public func value(_ property: LayerProperty, of id: LayerID) throws(LayerError) -> Double {
        try node(id).values[Int(property.rawValue)]
    }

    /// Sets a colour; animates like set(_:_:on:), component by component.
    public func setColor(_ property: ColorProperty, _ color: RGBA, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard color.isValid else { throw .invalidColor }
        let i = Int(property.rawValue)
        guard let block = openBlocks.last else {
            n.setColor(property, color)
            n.colorTracks[i] = nil
            return
        }
        let change = blockChange(
            existing: n.colorTracks[i], onScreen: blockLevelColor(n, i), to: color, in: block)
        n.colorTracks[i] = change.track
        n.setColor(property, change.model)
    }

    public func color(_ property: ColorProperty, of id: LayerID) throws(LayerError) -> RGBA {
        try node(id).color(property)
    }

    /// Paints the fill of a rect, ellipse or path layer with `gradient`; nil removes
    /// it. Not animatable: applies at once, also inside an animate block.
    public func setGradient(_ gradient: Gradient?, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard n.kind == .rect || n.kind == .ellipse || n.kind == .path else { throw .noFill(id, n.kind) }
        if let problem = gradient?.problem { throw .invalidGradient(problem) }
        n.gradient = gradient
    }

    /// The layer's gradient, nil when its fill colour paints it.
    public func gradient(of id: LayerID) throws(LayerError) -> Gradient? {
        try node(id).gradient
    }

    /// Text layers only; at most 1024 UTF-8 bytes. Not animatable.
    public func setText(_ text: String, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard n.kind == .text else { throw .wrongKind(id, expected: .text) }
        guard text.utf8.count <= 1024 else { throw .tooLarge("text of \(text.utf8.count) bytes (at most 1024)") }
        n.text = text
    }

    /// The text of a text layer, nil for other kinds.
    public func text(of id: LayerID) throws(LayerError) -> String? {
        let n = try node(id)
        return n.kind == .text ? n.text : nil
    }

    /// Path layers only; at most 4096 elements. Not animatable.
    /// A non-finite or too large number is refused as outOfRange (RH_ERR_OUT_OF_RANGE, as the header
    /// wants for NaN/infinity), naming the property closest to what it is: x -> position.x,
    /// y -> position.y, arc radius -> bounds.width, arc angles -> rotation.
    /// Numbers must be finite and within ±PathElement.maxNumber; an arc sweeping
    /// more than PathElement.maxArcTurns turns is stored shortened (see
    /// PathElement.bounded). Returns how many arcs were shortened.
    @discardableResult
    public func setPath(_ path: [PathElement], on id: LayerID) throws(LayerError) -> Int {
        let n = try node(id)
        guard n.kind == .path else { throw .wrongKind(id, expected: .path) }
        guard path.count <= PathElement.maxCount else {
            throw .tooLarge("path of \(path.count) elements (at most \(PathElement.maxCount))")
        }
        for element in path {
            for (slot, number) in element.numbers.enumerated()
            where !(number.isFinite && abs(number) <= PathElement.maxNumber) {
                throw .outOfRange(element.propertyForNumber(at: slot), number)
            }
        }
        let bounded = path.map(\.bounded)
        n.path = bounded
        return zip(path, bounded).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    /// The path of a path layer ([] for other kinds).
    public func path(of id: LayerID) throws(LayerError) -> [PathElement] {
        try node(id).path
    }

    // MARK: - Presentation

    /// What is on screen at timeline.now: an active key-path or keyframe animation,
    /// else a live block track, else the model value.
    public func presentationValue(_ property: LayerProperty, of id: LayerID) throws(LayerError) -> Double {
        presented(try node(id), Int(property.rawValue), property)
    }

    public func presentationColor(_ property: ColorProperty, of id: LayerID) throws(LayerError) -> RGBA {
        presentedColor(try node(id), property)
    }

    func presented(_ n: LayerNode, _ i: Int, _ property: LayerProperty) -> Double {
        guard let record = n.keyPaths[i], let value = record.number(at: timeline.now) else { return blockLevelValue(n, i) }
        // rh.compose/1: an additive animation adds to what is under it, then the sum is clamped.
        return record.isAdditive ? property.clamped(blockLevelValue(n, i) + value) : value

    }

    /// On screen ignoring key-path animations: where a new block tween starts from.
    func blockLevelValue(_ n: LayerNode, _ i: Int) -> Double {
        let now = timeline.now
        guard let track = n.tracks[i], track.isLive(at: now), let p = LayerProperty(rawValue: Int32(i)) else {
            return n.values[i]
        }
        return p.clamped(track.value(at: now, discrete: p.isDiscrete))
    }

    func blockLevelColor(_ n: LayerNode, _ i: Int) -> RGBA {
        let now = timeline.now
        guard let track = n.colorTracks[i], track.isLive(at: now) else {
            return n.color(ColorProperty(rawValue: Int32(i)) ?? .fill)
        }
        return track.value(at: now, discrete: false).clamped
    }
}
