/// A style the soak runs: the plugin file and the style's id in it.
public struct SoakStyle: Equatable, Sendable {
    public var file: String
    public var id: String

    public init(file: String, id: String) {
        self.file = file
        self.id = id
    }
}
