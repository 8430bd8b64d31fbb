/// An enum whose description is its name on the command line and in JSON,
/// so it can be looked up by that name.
public protocol NamedCase: CaseIterable, CustomStringConvertible {}

extension NamedCase {
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = match
    }
}
