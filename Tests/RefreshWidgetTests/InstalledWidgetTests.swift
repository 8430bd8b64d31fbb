import Foundation
import RefreshTestSupport
import Testing

/// The widget as `make install` puts it under a prefix: a C program builds
/// against it with pkg-config alone and links the installed libraries, Python
/// finds the installed typelib, and `make uninstall` takes it all away.
@Suite(.serialized) struct InstalledWidgetTests {
    @Test func installedWidgetBuildsWithPkgConfigAndIntrospects() throws {
        try WidgetPaths.requireBuilt()
        let base = TemporaryDirectory()
        defer { base.remove() }
        let prefix = base.path + "/prefix"
        let install = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "install-only", "PREFIX=" + prefix,
                                                       "BIN=" + TestPaths.binDirectory])
        try #require(install.status == 0, "\(install.stderr)")
        for file in ["lib/librefreshhost-gtk.so.1", "include/refresh-host/rh-refresh-view.h", "share/gir-1.0/RefreshHostGtk-1.0.gir",
                     "lib/girepository-1.0/RefreshHostGtk-1.0.typelib", "lib/pkgconfig/refreshhost-gtk.pc", "bin/refresh-host-demo"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "not installed: \(file)")
        }

        // Built from the prefix alone: the include path and both libraries come from refreshhost-gtk.pc.
        let source = base.path + "/app.c"
        try "#include <gtk/gtk.h>\n#include <rh-refresh-view.h>\nint main(void) { return RH_TYPE_REFRESH_VIEW != 0 ? 0 : 1; }\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let build = try runProcess("/bin/sh", ["-c", "cc -std=c11 -Wall -Wextra -o \(base.path)/app \(source) "
                                                    + "$(pkg-config --cflags --libs refreshhost-gtk)"],
                                   environment: ["PATH": "/usr/bin:/bin", "PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
        try #require(build.status == 0, "\(build.stderr)")
        let linked = try runProcess("/usr/bin/ldd", [base.path + "/app"])
        #expect(linked.stdout.contains("\(prefix)/lib/librefreshhost-gtk.so.1"), "\(linked.stdout)")
        #expect(linked.stdout.contains("\(prefix)/lib/librefreshhost.so.1"), "\(linked.stdout)")
        #expect(try runProcess(base.path + "/app", []).status == 0)

        // The installed typelib names the widget's type for Python.
        let python = try runProcess("/usr/bin/python3", ["-c", "import gi; gi.require_version('RefreshHostGtk', '1.0'); "
                                                         + "from gi.repository import RefreshHostGtk; print(RefreshHostGtk.RefreshView.__gtype__.name)"],
                                    environment: ["PATH": "/usr/bin:/bin", "GI_TYPELIB_PATH": prefix + "/lib/girepository-1.0",
                                                  "LD_LIBRARY_PATH": prefix + "/lib"])
        #expect(python.stdout.contains("RhRefreshView"), "\(python.stdout)\(python.stderr)")

        let uninstall = try runProcess("/usr/bin/make", ["-C", TestPaths.repository, "uninstall", "PREFIX=" + prefix])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/lib/librefreshhost-gtk.so"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/lib/girepository-1.0/RefreshHostGtk-1.0.typelib"))
    }
}
