import RefreshHostABI

/// ABI 1.3's services: the environment, parameters, haptics, announcements.
extension StyleHost {
    /// What the host decided for this instance (edge, presentation, trigger,
    /// physics, distances, reduce-motion, theme): constant for the
    /// instance's life. Nil only if the host refused, which it logged.
    public var environment: Environment? {
        guard let get = raw.pointee.environment else { return nil }
        var c = rh_environment_t()
        c.struct_size = UInt32(MemoryLayout<rh_environment_t>.size)
        guard get(raw, &c) >= 0 else { return nil }
        return Environment(c)
    }

    /// A NUMBER parameter's value (the user's, or the declared default);
    /// nil for an id the descriptor does not declare as a number.
    public func number(_ id: String) -> Double? {
        parameter(id, RH_PARAM_NUMBER).map(\.number)
    }

    /// A COLOR parameter's value.
    public func color(_ id: String) -> Color? {
        parameter(id, RH_PARAM_COLOR).map { Color($0.color) }
    }

    /// A BOOL parameter's value.
    public func flag(_ id: String) -> Bool? {
        parameter(id, RH_PARAM_BOOL).map(\.boolean)
    }

    /// A CHOICE parameter's value: the index of the chosen name.
    public func choice(_ id: String) -> Int? {
        parameter(id, RH_PARAM_CHOICE).map { Int($0.choice) }
    }

    /// A TEXT parameter's value.
    public func text(_ id: String) -> String? {
        parameter(id, RH_PARAM_TEXT).map { $0.text.map { String(cString: $0) } ?? "" }
    }

    /// Asks for a haptic. The host already plays one when a pull arms or
    /// triggers; it refuses a second request in one frame and more than 8 in
    /// one refresh (`.limit`).
    @discardableResult
    public func haptic(_ kind: Haptic) -> Status {
        guard let haptic = raw.pointee.haptic else { return .badState }
        return Status(haptic(raw, kind.c))
    }

    /// Announces `text` to assistive technology now ("3 new posts"), beyond
    /// the declared announcements: one line, at most 255 bytes; one per
    /// frame, 8 per refresh.
    @discardableResult
    public func announce(_ text: String) -> Status {
        guard let announce = raw.pointee.announce else { return .badState }
        return Status(text.withCString { announce(raw, $0) })
    }

    private func parameter(_ id: String, _ kind: Int) -> rh_param_value_t? {
        guard let get = raw.pointee.param_get else { return nil }
        var value = rh_param_value_t()
        value.struct_size = UInt32(MemoryLayout<rh_param_value_t>.size)
        guard id.withCString({ get(raw, $0, &value) }) >= 0, value.kind == rh_param_kind_t(kind) else { return nil }
        return value
    }
}
