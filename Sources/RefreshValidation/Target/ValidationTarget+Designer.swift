import RefreshConsole
import RefreshDiscovery
import RefreshInstall
import RefreshPluginRuntime
import RefreshPluginSearch

/// `validate FOLDER` for a designer's style folder (a Lottie file, or frames
/// per state; no code): the folder is copied into a temporary data folder,
/// the bundled adapters are pointed at it (XDG_DATA_HOME, which the checks'
/// child processes inherit), and the style they make of it is validated as
/// any other. A file the adapter refuses is one line naming it and why.
extension ValidationTarget {
    static func designer(_ folder: StyleFolder, style: String?, search: PluginSearch) throws -> ValidationTarget {
        let scanned = try DesignerStyles.scan(folder, search: search)
        let home = scanned.home, mine = scanned.styles, refused = scanned.refused
        guard refused.isEmpty else { throw ValidationSetupError("\(folder.path): " + refused.joined(separator: "; "), .failure) }
        let ids = mine.compactMap(\.descriptor?.id)
        guard !ids.isEmpty else {
            throw ValidationSetupError("\(folder.path): no adapter made a style of it (a Lottie .json, or frames: refreshing/, "
                + "refreshing.gif ...)", .failure)
        }
        let chosen: PluginEntry
        if let style {
            guard let match = mine.first(where: { $0.descriptor?.id == style || $0.descriptor?.shortName == style }) else {
                throw ValidationSetupError("--style \(style): not a style of \(folder.path) (it has: \(ids.joined(separator: ", ")))", .usage)
            }
            chosen = match
        } else {
            guard mine.count == 1 else {
                throw ValidationSetupError("\(folder.path) makes \(ids.count) styles (\(ids.joined(separator: ", "))): choose one with --style",
                                           .usage)
            }
            chosen = mine[0]
        }
        let id = chosen.descriptor!.id
        let source = chosen.descriptor!.source!.dropFirst(home.styles.count + 1)
        return ValidationTarget(path: chosen.file, style: id, made: "\(folder.path): style \(id), made from \(source) by \(chosen.file)")
    }
}
