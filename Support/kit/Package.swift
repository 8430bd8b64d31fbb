// swift-tools-version: 6.1
import PackageDescription

// RefreshStyleKit, installed by RefreshHost's `make install`: the C header of
// the plugin ABI and the Swift module that wraps it, as a source package a
// plugin's own package depends on with `.package(path: "<this folder>")`.
// (The repository keeps this manifest in Support/kit/; the sources are copied
// from Sources/RefreshHostABI and Sources/RefreshStyleKit at install time.)
let package = Package(
    name: "RefreshStyleKit",
    products: [
        .library(name: "RefreshStyleKit", targets: ["RefreshStyleKit", "RefreshHostABI"]),
    ],
    targets: [
        // refresh_host.h, the contract with the host.
        .target(name: "RefreshHostABI"),
        // The Swift module for plugin authors: wraps the C ABI. Without the
        // implicit imports, a plugin needs only libswiftCore of Swift's runtime
        // (SwiftPM accepts unsafe flags from a package depended on by path).
        .target(
            name: "RefreshStyleKit", dependencies: ["RefreshHostABI"],
            swiftSettings: [.unsafeFlags([
                "-Xfrontend", "-disable-implicit-concurrency-module-import",
                "-Xfrontend", "-disable-implicit-string-processing-module-import",
            ])]),
    ],
    swiftLanguageModes: [.v6]
)
