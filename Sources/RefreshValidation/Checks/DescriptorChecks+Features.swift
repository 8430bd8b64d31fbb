/// descriptors.drawn-features: what a style's data file has that the style does not draw.
extension DescriptorChecks {
    /// The check's id, which `--strict-features` turns from a warning into a failure.
    static let drawnFeaturesID = "descriptors.drawn-features"

    static func drawnFeatures(_ c: CheckContext) throws -> Outcome {
        let styles = try c.styles()
        let lines = styles.flatMap { d in d.unsupported.map { styles.count > 1 ? "\(d.id): \($0)" : $0 } }
        guard lines.isEmpty else {
            return .warning("\(lines.count) feature(s) not drawn as the file says: " + lines.joined(separator: "; "))
        }
        return .passed("every feature of \(styles.count) style(s) drawn")
    }
}
