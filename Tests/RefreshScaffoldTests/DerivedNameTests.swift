import Testing
@testable import RefreshScaffold

/// `new --from FILE` with no NAME: the name, display name and id from the file's name are always valid.
@Suite struct DerivedNameTests {
    @Test("a file's name gives a valid NAME, a display name of its words and a kebab-case id", arguments: [
        ("designs/isometric-plane.json", "IsometricPlane", "Isometric Plane", "com.example.isometric-plane"),
        ("4497-pull-to-refresh.json", "Style4497PullToRefresh", "4497 Pull To Refresh", "com.example.4497-pull-to-refresh"),
        ("loaderSpin_v2.LOTTIE", "LoaderSpinV2", "Loader Spin V2", "com.example.loader-spin-v2"),
        ("ünï côde.json", "NCDe", "N C De", "com.example.n-c-de"),
        ("---.json", "Animation", "Animation", "com.example.animation"),
    ])
    func derived(_ c: (String, String, String, String)) throws {
        let d = DerivedName(file: c.0)
        #expect(d.name == c.1 && d.displayName == c.2 && d.id == c.3, "\(d)")
        try Scaffold.checkName(d.name)
        try Scaffold.checkID(d.id)
    }

    @Test("a long file name is cut to NAME's 40 characters")
    func long() throws {
        let d = DerivedName(file: String(repeating: "spinner-", count: 20) + ".json")
        #expect(d.name.count == Scaffold.maxNameLength)
        try Scaffold.checkName(d.name)
    }
}
