/// The files of a Swift plugin project: a package that depends on the
/// installed RefreshStyleKit by path; `make` builds it in release mode, where
/// the version script leaves `rh_entry` the only export.
enum SwiftTemplate {
    static func files(_ p: ProjectNames, kit: String) -> [GeneratedFile] {
        [
            GeneratedFile(path: "Package.swift", contents: package(p, kit: kit)),
            GeneratedFile(path: "Sources/\(p.name)/\(p.name).swift", contents: source(p)),
            GeneratedFile(path: "exports.map", contents: exportsMap),
            GeneratedFile(path: "Makefile", contents: makefile(p, kit: kit)),
            GeneratedFile(path: "README.md", contents: ProjectReadme.text(p, language: .swift)),
            GeneratedFile(path: ".gitignore", contents: ".build/\n.swiftpm/\nlib*.so\nPackage.resolved\n"),
        ]
    }

    static func package(_ p: ProjectNames, kit: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        // RefreshStyleKit as RefreshHost installed it; REFRESH_HOST_SWIFT_KIT names another copy.
        let kit = Context.environment["REFRESH_HOST_SWIFT_KIT"] ?? "\(kit)"
        // SwiftPM names a path dependency after its folder.
        let kitPackage = String(kit.split(separator: "/").last ?? "RefreshStyleKit")

        let package = Package(
            name: "\(p.name)",
            // A plugin is a dynamic library the host loads with dlopen.
            products: [.library(name: "\(p.name)", type: .dynamic, targets: ["\(p.name)"])],
            dependencies: [.package(path: kit)],
            targets: [
                .target(
                    name: "\(p.name)",
                    dependencies: [.product(name: "RefreshStyleKit", package: kitPackage)],
                    // A plugin needs nothing of Swift but the core library...
                    swiftSettings: [.unsafeFlags([
                        "-Xfrontend", "-disable-implicit-concurrency-module-import",
                        "-Xfrontend", "-disable-implicit-string-processing-module-import",
                    ])],
                    // ...and exports rh_entry alone (in release builds; debug ones export test hooks).
                    linkerSettings: [.unsafeFlags([
                        "-Xlinker", "--version-script=\\(Context.packageDirectory)/exports.map",
                    ])]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    static let exportsMap = """
        /* The plugin exports its entry and nothing else: the kit and the Swift
         * runtime glue it links stay private to the .so. */
        {
          global: rh_entry;
          local: *;
        };

        """

    static func makefile(_ p: ProjectNames, kit: String) -> String {
        """
        # \(p.name): a RefreshHost style in Swift. `make` builds \(p.library) here
        # (a release build: only then does the library export rh_entry alone).

        LIB          := \(p.library)
        STYLE_ID     := \(p.id)
        SWIFT        ?= swift
        REFRESH_HOST ?= refresh-host
        PLUGIN_DIR   ?= $(HOME)/.local/lib/refresh-host/plugins
        # What the library is built from: this package, and the kit Package.swift names.
        KIT          := $(or $(REFRESH_HOST_SWIFT_KIT),\(kit))
        SOURCES      := Package.swift exports.map $(shell find Sources -type f)
        KIT_SOURCES  := $(shell find $(KIT)/Package.swift $(KIT)/Sources -type f 2>/dev/null)

        .PHONY: all validate run install clean

        all: $(LIB)

        # Rebuilt when a source changes, so `make validate` and `make run` see the edit;
        # SwiftPM decides what to recompile, and the copy keeps the library next to this Makefile.
        $(LIB): $(SOURCES) $(KIT_SOURCES)
        \t$(SWIFT) build -c release
        \tcp .build/release/$(LIB) $(LIB)

        \(MakeTargets.common(clean: "rm -rf .build $(LIB)"))
        """
    }

    static func source(_ p: ProjectNames) -> String {
        let type = p.name + "Style"
        return """
        // \(p.name): a pull-to-refresh style for RefreshHost, made by `refresh-host new`.
        //
        // A coloured header with a white disc that grows as the list is pulled,
        // turns yellow when letting go would refresh, turns once per refresh cycle
        // (fades instead, with reduced motion) and fades out when the refresh ends
        // (red first, when it failed). Every callback is here with a note on
        // when the host calls it; all but `descriptor`, `init(host:)` and `setup`
        // have defaults in RefreshStyleKit and may be removed.
        import RefreshHostABI
        import RefreshStyleKit

        final class \(type): RefreshStyle {
            /// What the host shows and how it drives the style.
            static let descriptor = StyleDescriptor(
                id: "\(p.id)", name: "\(p.name)", version: "0.1.0",
                description: "A disc that grows with the pull and turns once per cycle.",
                height: 80,           // resting height while refreshing, points
                cycleDuration: 0.8,   // seconds
                cycleCurve: .linear,
                // ABI 1.3: how it behaves. nil and .hostDefault leave it to the host.
                triggerDistance: nil,  // points a pull must travel (nil: the height)
                maxPull: nil,          // the most the pull shows (nil: the physics' default)
                trigger: .hostDefault, // or .onReach, as iOS
                physics: .hostDefault, // or .material, .smart, ...
                flags: [.reducedMotion,   // cycle() honours environment.reduceMotion
                        .themeable],      // setup() follows a background the app chose
                announcements: nil,    // the host's "Pull to refresh", ..., "Refresh failed"
                parameters: [])        // typed settings for --param: .number("speed", in: 0.5...2, default: 1)

            static let headerColor = Color(red: 0.16, green: 0.62, blue: 0.56)  // teal
            static let discColor = Color.white
            static let armedColor = Color(red: 1, green: 0.84, blue: 0.3)      // "let go to refresh"
            static let failedColor = Color(red: 0.85, green: 0.33, blue: 0.31) // a refresh that failed
            static let discSize = 44.0
            static let markSize = 10.0

            /// tick(time:dt:) is called every frame only when this is true; this
            /// style needs no per-frame motion, so the host skips the call.
            static var wantsTick: Bool { false }

            // One object per running header: the host may run several at once, so
            // every mutable thing lives here, none in globals.
            private let host: StyleHost
            private var disc: Layer?  // the circle that grows and turns
            private var mark: Layer?  // a dot on its rim, so the turn shows
            private var calm = false  // the user asked for reduced motion (ABI 1.3)

            /// Called by `create`: keep the host, it makes and animates layers.
            init(host: StyleHost) { self.host = host }

            /// setup: called once, first. Build the layers under `root`, a rect the
            /// host made: as wide as the viewport, the descriptor's height tall.
            /// Return false if the style cannot run. Required.
            func setup(root: Layer) -> Bool {
                // What the host decided for this instance (ABI 1.3), fixed for its life.
                let environment = host.environment
                calm = environment?.reduceMotion ?? false
                // The header's colour: ours, unless the app chose a background. The theme
                // always holds colours (the host's defaults when the app gave none);
                // host.themeChoice (the rh.theme/1 extension, ABI 1.5) says which the app
                // chose, and is nil on a host without it: the style then keeps its own.
                var fill = Self.headerColor
                if let environment, host.themeChoice?.contains(.background) == true { fill = environment.theme.background }
                root.setFill(fill)
                guard let disc = host.makeLayer(.ellipse, in: root),
                      let mark = host.makeLayer(.ellipse, in: disc) else { return false }  // the host logged why
                // position is where the anchor point (the centre, by default) sits.
                disc.size = Size(width: Self.discSize, height: Self.discSize)
                disc.position = Point(x: root.size.width / 2, y: root.size.height / 2)
                disc.setFill(Self.discColor)
                // Grows with the pull; with reduced motion it fades in at full size instead.
                disc.scale = calm ? 1 : 0
                disc.opacity = calm ? 0 : 1
                // A child sits in its parent's own coordinates: near the disc's top.
                mark.size = Size(width: Self.markSize, height: Self.markSize)
                mark.position = Point(x: Self.discSize / 2, y: Self.markSize)
                mark.setFill(fill)
                self.disc = disc
                self.mark = mark
                host.log("layers ready", level: .debug)
                return true
            }

            /// pull: the list is pulled (or bouncing back) and no refresh runs.
            /// ratio = min(distance, height) / height, in 0...1; velocity in points
            /// per second. Never called while refreshing.
            func pull(distance: Double, ratio: Double, velocity: Double) {
                if calm { disc?.opacity = ratio } else { disc?.scale = ratio }
            }

            /// stateChanged: the controller moved from one state to another (idle,
            /// pulling, armed, refreshing, exiting, resetting).
            func stateChanged(from old: RefreshState, to new: RefreshState) {
                disc?.setFill(new == .armed ? Self.armedColor : Self.discColor)
            }

            /// setupForCycle: before each cycle, outside any animate block, so these
            /// changes apply at once: the start position of the cycle.
            func setupForCycle() {
                disc?.scale = 1  // full size, also when the refresh began without a pull
                disc?.rotation = 0
                disc?.opacity = 1
            }

            /// cycle: one cycle, called inside an animate block the host opened with
            /// the descriptor's cycle duration, delay and curve: a plain property
            /// change tweens over the cycle. setupForCycle and cycle repeat while
            /// the refresh lasts.
            func cycle() {
                // One full turn; with reduced motion a fade instead (.reducedMotion
                // promises no turn faster than 1 rad/s: `validate` measures it).
                if calm { disc?.opacity = 0.4 } else { disc?.rotation = 2 * .pi }
            }

            /// exit: the refresh has ended with `result` (ABI 1.3: success, failure
            /// or no more data, and the app's message). Run the exit animation and
            /// call `done` exactly once when it has finished (the host waits up to
            /// 5 s). With no exit animation, call done() at once (the default does).
            func exit(result: RefreshResult, done: @escaping () -> Void) {
                let failed = result.kind == .failure
                host.animate(duration: 0.3, curve: .easeIn, changes: {
                    // A success swells and fades; a failure turns red and fades where it is.
                    self.disc?.opacity = 0
                    if failed { self.disc?.setFill(Self.failedColor) } else { self.disc?.scale = 1.5 }
                }, completion: { _ in done() })  // also when cancelled: done must come
            }

            /// reset: the header has closed. Put every layer back as setup left it.
            func reset() {
                disc?.opacity = calm ? 0 : 1
                disc?.scale = calm ? 1 : 0
                disc?.rotation = 0
                disc?.setFill(Self.discColor)
            }

            /// tick: once per rendered frame when `wantsTick` is true, with host time
            /// (read time from the host, never the wall clock) and the time since
            /// the last tick. For procedural motion; this style needs none.
            func tick(time: Double, dt: Double) {}

            /// destroy: the host releases this object when it destroys the instance,
            /// in any state, even mid-cycle; it removes the layers itself. Free
            /// anything else you hold here.
            deinit {}
        }

        /// The one exported symbol: the host dlopens the library and calls it.
        /// RefreshStyleKit builds the C entry table (init, deinit, style_count,
        /// style_descriptor, create) for the styles listed.
        @c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> {
            RefreshStyleKit.entry(for: [\(type).self])
        }

        """
    }
}
