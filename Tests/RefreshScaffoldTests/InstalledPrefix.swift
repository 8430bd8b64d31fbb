import Foundation
import RefreshTestSupport
import Testing

/// RefreshHost installed into a fresh temporary prefix from the products this
/// test run built (`make install-only`: no SwiftPM, which would wait for the
/// lock `swift test` holds), with a HOME and a cache of its own.
struct InstalledPrefix {
    let base = TemporaryDirectory()
    var prefix: String { base.path + "/prefix" }
    var home: String { base.path + "/home" }
    var cli: String { prefix + "/bin/refresh-host" }
    /// A user's environment: the prefix's bin first, nothing of the repository.
    var environment: [String: String] {
        ["PATH": "\(prefix)/bin:/usr/bin:/bin", "HOME": home, "XDG_CACHE_HOME": home + "/.cache"]
    }

    init() throws {
        let install = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=" + base.path + "/prefix",
                                                       "BIN=" + TestPaths.binDirectory])
        try #require(install.status == 0, "\(install.stderr)")
        try FileManager.default.createDirectory(atPath: base.path + "/home", withIntermediateDirectories: true)
    }

    func remove() { base.remove() }

    /// The bundled styles' short names (the Makefile's STYLE_IDS), and their ids.
    static let bundledNames = ["appcoda", "colorchange", "material", "periscope", "snapchat", "storehouse", "waterdrop", "yahoo",
                               "yalantis", "yelp", "yikyak", "orbit", "bloom", "earlybird"]
    static var bundledIDs: [String] { bundledNames.map { "com.refreshhost." + $0 } }
}
