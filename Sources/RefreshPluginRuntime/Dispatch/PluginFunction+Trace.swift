import RefreshHostABI

extension PluginFunction {
    /// `arguments` as the trace shows them: the structs the host hands over
    /// by pointer, decoded. Only called while tracing, from inside the call,
    /// while the structs are still alive.
    func traced(_ arguments: [PluginArgument]) -> [PluginArgument] {
        guard arguments.count > 1, case let .pointer(bits) = arguments[1], let p = UnsafeRawPointer(bitPattern: bits)
        else { return arguments }
        var shown = arguments
        switch self {
        case .position:
            let pull = p.load(as: rh_pull_t.self)
            let phases = ["dragging", "returning", "settling", "resting", "closing"]
            let phase = phases.indices.contains(Int(pull.phase)) ? phases[Int(pull.phase)] : "phase \(pull.phase)"
            var text = "\(phase), distance: \(short(pull.distance)), ratio: \(short(pull.ratio)), velocity: \(short(pull.velocity))"
            if !pull.finger_x.isNaN { text += ", finger x: \(short(pull.finger_x))" }
            shown[1] = .structure(bits, text)
        case .exitWithResult:
            let result = p.load(as: rh_refresh_result_t.self)
            let kinds = ["success", "failure", "no more"]
            var text = kinds.indices.contains(Int(result.kind)) ? kinds[Int(result.kind)] : "result \(result.kind)"
            if let message = result.message { text += ", \"\(String(cString: message))\"" }
            shown[1] = .structure(bits, text)
        default:
            break
        }
        return shown
    }

    private func short(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) + ".0" : "\(r)"
    }
}
