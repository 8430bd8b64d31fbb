import Foundation

/// `refresh-host render ARGS` with the bundled plugins.
@discardableResult
func render(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(TestPaths.cli, ["render"] + arguments + ["--plugin-path", TestPaths.bundledPlugins])
}
