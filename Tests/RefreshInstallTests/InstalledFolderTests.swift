import RefreshInstall
import Testing

/// Which folder `remove` takes out: only one this user installed.
@Suite struct InstalledFolderTests {
    let environment = ["HOME": "/home/u", "XDG_DATA_HOME": "/data/u"]

    @Test("a plugin under the user plugin folder: its style folder, however deep the file")
    func plugin() {
        #expect(InstalledFolder.of(file: "/home/u/.local/lib/refresh-host/plugins/Drops/lib/libA.so", source: nil,
                                   environment: environment) == "/home/u/.local/lib/refresh-host/plugins/Drops")
        // A loose .so in the folder is its own.
        #expect(InstalledFolder.of(file: "/home/u/.local/lib/refresh-host/plugins/libLoose.so", source: nil, environment: environment)
                == "/home/u/.local/lib/refresh-host/plugins/libLoose.so")
    }

    @Test("a designer's style: the folder under the data folder its source is in, not the adapter's")
    func designer() {
        #expect(InstalledFolder.of(file: "/usr/lib/refresh-host/plugins/Lottie/libLottieStyle.so",
                                   source: "/data/u/refresh-host/styles/Wave/./wave.json", environment: environment)
                == "/data/u/refresh-host/styles/Wave")
    }

    @Test("a bundled, system or --plugin-path style is not this user's to remove")
    func notInstalled() {
        #expect(InstalledFolder.of(file: "/usr/lib/refresh-host/plugins/libYelpStyle.so", source: nil, environment: environment) == nil)
        #expect(InstalledFolder.of(file: "/x/libA.so", source: nil, environment: [:]) == nil)
    }

    @Test("a removal names every style it takes with it")
    func styles() {
        let entries: [(file: String, source: String?, id: String?)] = [
            ("/u/Drops/libA.so", nil, "com.a"), ("/u/Drops/libB.so", nil, "com.b"), ("/u/Other/libC.so", nil, "com.c"),
            ("/bundled/libLottieStyle.so", "/u/Drops/drop.json", "com.d"), ("/u/Drops/libBroken.so", nil, nil),
        ]
        #expect(InstalledFolder.styles(in: "/u/Drops", of: entries) == ["com.a", "com.b", "com.d"])
    }
}
