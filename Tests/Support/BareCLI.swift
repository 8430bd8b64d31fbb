import Foundation

/// `refresh-host` hard-linked (or copied) into `directory/bare/bin`, beside an empty `plugins/`:
/// its bundled entry on the search path finds nothing, so a command sees only the plugins a
/// test names, and a test about one fixture does not draw or validate every bundled style too.
/// The worker it starts is the same binary (the link), so nothing else about the run changes.
public func bareCLI(in directory: String) throws -> String {
    let bin = directory + "/bare/bin"
    try FileManager.default.createDirectory(atPath: bin + "/plugins", withIntermediateDirectories: true)
    let cli = bin + "/refresh-host"
    if link(TestPaths.cli, cli) != 0 { try FileManager.default.copyItem(atPath: TestPaths.cli, toPath: cli) }
    return cli
}
