// swift-tools-version: 6.1
import PackageDescription

// Each bundled Swift style is its own dynamic library: a real `.so` that the
// host loads with dlopen, exactly as it loads a third party's.
let swiftStyles: [(product: String, folder: String)] = [
    ("YelpStyle", "Yelp"),
    ("SnapchatStyle", "Snapchat"),
    ("YikYakStyle", "YikYak"),
    ("AppCodaStyle", "AppCoda"),
]

// A plugin needs nothing of Swift but the core library, and exports only rh_entry.
let pluginSwiftSettings: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
    ])
]
let pluginLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"])
]

// The modules every frame goes through (the layer tree and animation engine, the controller,
// the dispatcher and host services, the session and its wire, the rasterizer and encoders, the
// validator's fuzzer) are optimised in debug builds too: the tests drive thousands of frames
// through them, and unoptimised they spend most of `make test`'s time there. Their dynamic
// exclusivity checks are off in debug too: they were a third of a debug `validate`'s CPU
// (1.7-2.0 s -> 1.1-1.3 s for Yelp at strictness 10, `perf stat -e task-clock`); the
// compile-time checks stay, and release builds (bench, soak, install) keep the dynamic ones.
let hotPathSettings: [SwiftSetting] = [.unsafeFlags(["-O", "-enforce-exclusivity=unchecked"], .when(configuration: .debug))]

let package = Package(
    name: "RefreshHost",
    products: [
        .executable(name: "refresh-host", targets: ["refresh-host"]),
        .library(name: "RefreshStyleKit", targets: ["RefreshStyleKit"]),
    ] + swiftStyles.map { .library(name: $0.product, type: .dynamic, targets: [$0.product]) } + [
        // README's Swift example, built as a third party would build it; a test validates it.
        .library(name: "ReadmeSpinStyle", type: .dynamic, targets: ["ReadmeSpinStyle"]),
        // A Swift plugin that calls the kit's ABI 1.1 gradient API; a test loads it.
        .library(name: "SwiftKitFixture", type: .dynamic, targets: ["SwiftKitFixture"]),
        // librefreshhost.so: the embedding C API (refresh_host_embed.h) for applications.
        .library(name: "refreshhost", type: .dynamic, targets: ["RefreshEmbed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The C ABI: refresh_host.h, the contract with plugin authors.
        .target(name: "RefreshHostABI"),
        // libffi, through a shim that exposes its global type descriptors safely.
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // Drawing and encoding: cairo (pixels, PNG, SVG), giflib and libwebp (animations).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // rlottie, for the tests and benchmark that hold the Lottie adapter against it (the host never links it).
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // zlib: a dotLottie archive's manifest, read and rewritten by `new --from FILE.lottie --animation ID`.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Fonts for text: fontconfig matches family, weight and slant; cairo-ft draws the match.
        .systemLibrary(name: "CFontconfig", pkgConfig: "cairo-ft", providers: [.apt(["libfontconfig-dev", "libcairo2-dev"])]),
        // Text formats every output shares: JSON, and escaping for HTML and XML.
        .target(name: "RefreshText"),
        // The exit status table every command shares (docs/cli.md), and the protocol by which an
        // error carries its status from where it is made: the lowest module, so every library's errors can.
        .target(name: "RefreshExitStatus"),
        // A number given on the command line as typed, and the range it must be in, said the same
        // way in an option's help and in its error.
        .target(name: "RefreshNumbers"),
        // How the CLI writes for a person: colour only where it is wanted
        // (NO_COLOR, TERM=dumb, pipes), the terminal's width, text cut to fit,
        // tables that never wrap, a progress line redrawn in place; the process's one Console
        // (colour per stream, --quiet and --verbose, warnings, errors) and the commands' progress lines.
        .target(name: "RefreshConsole", dependencies: ["COutputGuard", "RefreshText"]),
        .testTarget(name: "RefreshConsoleTests", dependencies: ["RefreshConsole", "RefreshText"]),
        // The layer tree, the animation engine and the timeline that drives both.
        .target(name: "RefreshLayers", swiftSettings: hotPathSettings),
        // The lifecycle controller, scroll physics and clocks.
        .target(name: "RefreshHostController", dependencies: ["RefreshLayers"], swiftSettings: hotPathSettings),
        // One line instead of a backtrace when a plugin crashes (C: signal handlers).
        .target(name: "CCrashReport", cSettings: [.unsafeFlags(["-std=c11", "-Wall", "-Wextra"])]),
        // Supervised child processes: spawning with limits, process groups and
        // deadlines, the worker's side (die with the parent), the shared call slot.
        .target(name: "CIsolation", cSettings: [.unsafeFlags(["-std=c11", "-Wall", "-Wextra"])]),
        // The worker boundary in Swift: supervised children, their framed channel, typed failures,
        // and the generic worker protocol every job speaks (magic, version, handshake, typed failures).
        .target(name: "RefreshWorker", dependencies: ["CCrashReport", "CIsolation"]),
        // The per-pixel loops of images plugins hand the host, optimised even in debug builds.
        .target(name: "CPixels", cSettings: [.unsafeFlags(["-std=c11", "-O2", "-Wall", "-Wextra"])]),
        // One running style for every consumer (StyleSession): in this process or in a
        // supervised worker, both ends of the one worker protocol (frames checked on
        // arrival), scripted recordings and their named moments.
        .target(name: "RefreshSession", dependencies: ["RefreshDiscovery", "RefreshWorker", "RefreshLayers", "RefreshHostController", "RefreshPluginRuntime",
                                                      "RefreshExitStatus", "RefreshText"],
            swiftSettings: hotPathSettings),
        // The plugin runtime: the ELF reader and the file gate, dlopen of one library and its ABI checks, the libffi
        // dispatcher, the host-services table and instance contexts (cairo only to decode PNG assets).
        .target(
            name: "RefreshPluginRuntime",
            dependencies: ["RefreshHostABI", "CFFI", "CCairo", "CCrashReport", "RefreshLayers", "RefreshHostController",
                           "RefreshText", "CFontconfig", "CPixels"],
            swiftSettings: hotPathSettings),
        // Discovery: what is on the search path and which style a name means: the search
        // order, the registry (shadowing, lookups), scanner children and the registry cache.
        .target(name: "RefreshDiscovery", dependencies: ["RefreshPluginRuntime", "RefreshWorker", "RefreshHostController",
                                                        "RefreshLayers", "RefreshText"]),
        // Installing and removing a user's style folders (plugins and designers' files): which
        // folder a style goes into, `validate` in a child first, which installed folder holds a
        // style, copying and replacing.
        .target(name: "RefreshInstall", dependencies: ["RefreshExitStatus", "RefreshPluginRuntime", "RefreshWorker", "RefreshOutput"]),
        // The search path a command sets up from its options and the environment: the catalog with
        // its cache, the style a name names, the file --watch follows, shell completion's candidates.
        .target(name: "RefreshPluginSearch", dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshInstall", "RefreshConsole",
                                                            "RefreshExitStatus"]),
        // What `list` and `info` say about the search path and a style: the table, the rows and
        // the JSON documents (docs/json.md).
        .target(name: "RefreshListing", dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController", "RefreshText",
                                                       "RefreshConsole"]),
        // The Swift module for plugin authors: wraps the C ABI. Built like the
        // plugins it goes into, so they need only libswiftCore of Swift's runtime.
        .target(name: "RefreshStyleKit", dependencies: ["RefreshHostABI"], swiftSettings: pluginSwiftSettings),

        // Output files written beside their target and renamed into place; a C
        // signal guard removes the temporaries when SIGINT/SIGTERM/SIGHUP ends the process.
        .target(name: "COutputGuard", dependencies: ["CCrashReport"], cSettings: [.unsafeFlags(["-std=c11", "-Wall", "-Wextra"])]),
        // Standard output as a command's result (a failed write fails the command), `--out -`
        // and line files (`--frames-json`) on the same rules.
        .target(name: "RefreshOutput", dependencies: ["COutputGuard", "RefreshExitStatus"]),

        // -- Rendering (cairo pictures of the phone, export, gallery) --
        // Layer snapshots and the phone drawn with cairo; GIF, WebP, PNG and SVG export.
        .target(
            name: "RefreshRender",
            dependencies: ["RefreshLayers", "RefreshHostController", "RefreshSession", "RefreshOutput", "CCairo", "CGif", "CWebP",
                           "CFontconfig", "RefreshExitStatus"],
            swiftSettings: hotPathSettings),
        .testTarget(
            name: "RefreshRenderTests",
            dependencies: ["RefreshDiscovery", "RefreshRender", "RefreshSession", "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers",
                           "CCairo", "CGif", "CWebP", "RefreshTestSupport"]),
        // A run told as a timeline (events, log lines, traced calls, layers per frame) and as
        // JSON lines: what `run` prints, from any session, and the scripted run that prints it.
        .target(
            name: "RefreshTimeline",
            dependencies: ["RefreshSession", "RefreshHostController", "RefreshPluginRuntime", "RefreshLayers", "RefreshConsole",
                           "RefreshText", "RefreshOutput"]),
        // The gallery: one static HTML page with every registered style's animation, and its verdict from `validate`.
        .target(
            name: "RefreshGallery",
            dependencies: ["RefreshDiscovery", "RefreshText", "RefreshRender", "RefreshSession", "RefreshPluginRuntime", "RefreshHostController",
                           "RefreshOutput", "RefreshWorker", "RefreshValidation"]),

        // -- Live terminal preview --

        // The async-signal-safe part of the terminal session: restores the
        // terminal from signal handlers (crash, quit) and flags resizes.
        .target(
            name: "CTerminalGuard", dependencies: ["CCrashReport"],
            cSettings: [.unsafeFlags(["-std=c11", "-Wall", "-Wextra"])]),
        // A live, half-block truecolor preview of a running style in a terminal:
        // raw mode, input decoding, cell diffing. Pixels come through a closure.
        .target(name: "RefreshTerminal", dependencies: ["CTerminalGuard", "RefreshHostController", "RefreshText"]),
        // The live preview's side of a style: the session it drives, a rebuild noticed, scanned and
        // taken over where the gesture is (run --watch), and the recording of a session (--record).
        .target(
            name: "RefreshLive",
            dependencies: ["RefreshSession", "RefreshTerminal", "RefreshRender", "RefreshDiscovery", "RefreshPluginRuntime",
                           "RefreshHostController", "RefreshLayers"]),
        // Real frames too: the bundled styles drawn by the renderer, diffed and replayed.
        .testTarget(
            name: "RefreshTerminalTests",
            dependencies: ["RefreshTerminal", "RefreshHostController", "RefreshPluginRuntime", "RefreshLayers", "RefreshRender",
                           "RefreshTestSupport"]),

        // -- Conformance validation --
        // `refresh-host validate`: the checks, their catalogue, the child-process
        // runner, the fuzzer and the reports.
        .target(
            name: "RefreshValidation",
            dependencies: ["RefreshText", "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "RefreshHostABI",
                           "RefreshWorker", "RefreshSession", "RefreshConsole", "RefreshDiscovery", "RefreshInstall", "RefreshOutput",
                           "RefreshPluginSearch", "RefreshExitStatus"],
            swiftSettings: hotPathSettings),
        .testTarget(
            name: "RefreshValidationTests", dependencies: ["RefreshDiscovery", "RefreshValidation", "RefreshPluginRuntime", "RefreshPluginSearch",
                                                           "RefreshOutput", "RefreshExitStatus", "RefreshLayers", "RefreshTestSupport"]),

        // -- Author kit --
        // `refresh-host new`: the C and Swift plugin project templates and the
        // writer that checks the request and writes nothing on an error.
        .target(name: "RefreshScaffold", dependencies: ["RefreshPluginRuntime", "RefreshExitStatus", "CZlib"]),
        // Scaffold refusals, and the end-to-end test: install to a temporary prefix,
        // scaffold, build, list, run, render and validate a C and a Swift plugin, uninstall.
        .testTarget(name: "RefreshScaffoldTests", dependencies: ["RefreshDiscovery", "RefreshScaffold", "RefreshExitStatus", "CCairo", "RefreshTestSupport"]),

        .executableTarget(
            name: "refresh-host",
            dependencies: [
                "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "RefreshRender", "RefreshGallery",
                "RefreshValidation", "RefreshText", "RefreshTerminal", "CCrashReport", "RefreshScaffold", "RefreshWorker",
                "RefreshSession", "RefreshTimeline", "RefreshLive", "RefreshDiscovery", "RefreshOutput", "COutputGuard", "CIsolation", "RefreshConsole",
                "RefreshInstall", "RefreshExitStatus", "RefreshListing", "RefreshPluginSearch", "RefreshNumbers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The man page, written from the command definitions (`refresh-host --experimental-dump-help`)
        // when `make install` installs the binary.
        .executableTarget(name: "refresh-host-manual"),
        // `make bench`: dispatch cost, frames per second per style, memory across refreshes.
        .executableTarget(
            name: "refresh-host-bench",
            dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "RefreshRender", "CCairo",
                           "RefreshTerminal", "RefreshWorker", "RefreshSession", "CRLottie",
                           // The embedding section calls librefreshhost's C API.
                           "RefreshEmbed", "RefreshEmbedABI"]),
        // -- Embedding (librefreshhost) --
        // refresh_host_embed.h: the C API an application links librefreshhost.so with (its enums
        // and structs are defined once, here, and the Swift implementation imports them).
        .target(name: "RefreshEmbedABI", cSettings: [.unsafeFlags(["-std=c11", "-Wall", "-Wextra"])]),
        // The library behind it: hosts (the CLI's search path and registry), views (a StyleSession each, a fallback
        // controller after the style fails), input, events, drawing with the renderer `render` uses.
        .target(
            name: "RefreshEmbed",
            dependencies: ["RefreshEmbedABI", "RefreshSession", "RefreshDiscovery", "RefreshRender", "RefreshHostController",
                           "RefreshLayers", "RefreshPluginRuntime", "RefreshPluginSearch", "RefreshInstall", "CCairo"],
            // The soname carries the API's major version (RHE_VERSION_MAJOR): a new major is a new file.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=librefreshhost.so.1"])]),
        // The C API called as an application calls it (the bundled styles, in a worker and in-process), and
        // C programs linked to librefreshhost.so: the hostile application, the docs' example.
        .testTarget(name: "RefreshEmbedTests", dependencies: ["RefreshEmbed", "RefreshEmbedABI", "CCairo", "RefreshTestSupport"]),
        .testTarget(name: "RefreshLayersTests", dependencies: ["RefreshLayers"]),
        // The wire format and the supervisor's end of a worker, against real child processes.
        .testTarget(
            name: "RefreshSessionTests",
            dependencies: ["RefreshSession", "RefreshWorker", "RefreshLayers", "RefreshHostController", "RefreshPluginRuntime",
                           "RefreshExitStatus", "RefreshTestSupport"]),
        .testTarget(name: "RefreshOutputTests", dependencies: ["RefreshOutput", "RefreshExitStatus", "RefreshLayers", "RefreshTestSupport"]),
        .testTarget(name: "RefreshExitStatusTests", dependencies: ["RefreshExitStatus"]),
        .testTarget(name: "RefreshNumbersTests", dependencies: ["RefreshNumbers"]),
        .testTarget(name: "RefreshListingTests", dependencies: ["RefreshListing", "RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController",
                                                           "RefreshConsole", "RefreshText", "RefreshLayers"]),
        .testTarget(name: "RefreshPluginSearchTests", dependencies: ["RefreshPluginSearch", "RefreshDiscovery", "RefreshPluginRuntime",
                                                                "RefreshHostController", "RefreshExitStatus", "RefreshTestSupport"]),
        .testTarget(name: "RefreshInstallTests", dependencies: ["RefreshInstall", "RefreshExitStatus", "RefreshTestSupport"]),
        .testTarget(name: "RefreshGalleryTests", dependencies: ["RefreshGallery", "RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController",
                                                           "RefreshValidation"]),
        .testTarget(name: "RefreshTimelineTests", dependencies: ["RefreshTimeline", "RefreshSession", "RefreshOutput", "RefreshDiscovery",
                                                            "RefreshPluginRuntime", "RefreshHostController", "RefreshTestSupport"]),
        .testTarget(name: "RefreshLiveTests", dependencies: ["RefreshLive", "RefreshSession", "RefreshTerminal", "RefreshHostController",
                                                        "RefreshTestSupport"]),
        // The worker protocol's heads and handshake, on the wire and against the real `refresh-host worker`.
        .testTarget(name: "RefreshWorkerTests", dependencies: ["RefreshWorker", "RefreshTestSupport"]),
        // What every test target that runs the CLI or builds fixtures shares.
        // Optimized like the hot paths: tests decode and count millions of pixels through it.
        .target(name: "RefreshTestSupport", dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "CCairo"],
                path: "Tests/Support", swiftSettings: hotPathSettings),
        // Issue 11's proof: hostile plugins and bad files under every command of the real CLI.
        .testTarget(name: "RefreshHostileTests", dependencies: ["RefreshTestSupport"]),
        // A test target per module (unit tests, `make check`), one for the bundled plugins and the kit,
        // and the end-to-end suites that drive the real binary, tmux and Chromium (tagged endToEnd).
        .testTarget(
            name: "RefreshHostControllerTests",
            dependencies: ["RefreshDiscovery", "RefreshHostController", "RefreshPluginRuntime", "RefreshLayers", "RefreshTestSupport"]),
        .testTarget(
            name: "RefreshPluginRuntimeTests",
            dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "RefreshHostABI", "CCairo",
                           "RefreshTestSupport"]),
        .testTarget(
            name: "RefreshDiscoveryTests",
            dependencies: ["RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController", "RefreshWorker",
                           "RefreshTestSupport"]),
        // The bundled styles and the designer-file adapters, each held to its numbers.
        .testTarget(
            name: "RefreshPluginsTests",
            dependencies: ["RefreshHostController", "RefreshPluginRuntime", "RefreshLayers", "CRLottie", "CCairo",
                           "RefreshTestSupport"]),
        .testTarget(
            name: "RefreshStyleKitTests",
            dependencies: ["RefreshDiscovery", "RefreshHostController", "RefreshPluginRuntime", "RefreshLayers", "RefreshTestSupport"]),
        .testTarget(
            name: "RefreshEndToEndTests",
            dependencies: ["RefreshPluginRuntime", "RefreshHostController", "RefreshLayers", "RefreshGallery", "CCairo",
                           "RefreshDiscovery", "RefreshConsole", "RefreshTestSupport"]),
    ] + swiftStyles.map {
        .target(
            name: $0.product, dependencies: ["RefreshStyleKit"], path: "Plugins/\($0.folder)",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings)
    } + [
        .target(
            name: "ReadmeSpinStyle", dependencies: ["RefreshStyleKit"], path: "Tests/ReadmeSwiftExample",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings),
        .target(
            name: "SwiftKitFixture", dependencies: ["RefreshStyleKit"], path: "Tests/SwiftKitFixture",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings),
    ] + [
        // -- The GTK widget (issue 25; Widget/, built by `make widget`) --
        // RhRefreshView in a real window under Xvfb, driven by XTest input and checked by screenshots.
        .testTarget(name: "RefreshWidgetTests", dependencies: ["RefreshTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// -- Fuzzing (make fuzz) --
// The libFuzzer harness of the Swift parsers of untrusted bytes (Tests/Fuzz/Swift). Declared only when
// REFRESH_HOST_FUZZ=1, which `make fuzz` sets for its own build (.build-fuzz, -sanitize=fuzzer,address):
// libFuzzer supplies its main, so an ordinary build could not link it.
if Context.environment["REFRESH_HOST_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "refresh-host-fuzz",
            dependencies: ["RefreshWorker", "RefreshSession", "RefreshDiscovery", "RefreshPluginRuntime", "RefreshScaffold"],
            path: "Tests/Fuzz/Swift",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}

// -- Soak (make soak) --
// Random gestures through worker sessions of every bundled style, each frame held to the controller's
// invariants, memory sampled: the checks (RefreshSoak), the executable, and quick unit tests of the checker.
package.targets += [
    .target(name: "RefreshSoak", dependencies: ["RefreshSession", "RefreshHostController", "RefreshWorker"]),
    .executableTarget(name: "refresh-host-soak", dependencies: ["RefreshSoak", "RefreshDiscovery", "RefreshPluginRuntime", "RefreshHostController"]),
    .testTarget(name: "RefreshSoakTests", dependencies: ["RefreshSoak", "RefreshSession", "RefreshHostController", "RefreshDiscovery",
                                                       "RefreshTestSupport"]),
]
