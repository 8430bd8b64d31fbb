import RefreshPluginRuntime

extension HostLog {
    /// What a fixture logged as "<label> status=<n>" lines, by label (the last one wins).
    public var statuses: [String: Int] {
        var status: [String: Int] = [:]
        for m in entries(of: .plugin).map(\.message) {
            guard let r = m.range(of: " status=") else { continue }
            status[String(m[..<r.lowerBound])] = Int(m[r.upperBound...])
        }
        return status
    }
}
