/// Where a user's own styles go: plugins (code) in the registry's user
/// folder, designers' files (Lottie, frames) in the adapters' data folder.
public enum UserFolders {
    /// `$HOME/.local/lib/refresh-host/plugins`: the registry's user folder (SearchPath.standard).
    public static func plugins(environment: [String: String]) -> String? {
        guard let home = absolute(environment["HOME"]) else { return nil }
        return home + "/.local/lib/refresh-host/plugins"
    }

    /// `$XDG_DATA_HOME/refresh-host/styles`, else `$HOME/.local/share/refresh-host/styles`:
    /// the folder the Lottie and frame-sequence adapters read designers' files from.
    public static func designs(environment: [String: String]) -> String? {
        if let data = absolute(environment["XDG_DATA_HOME"]) { return data + "/refresh-host/styles" }
        guard let home = absolute(environment["HOME"]) else { return nil }
        return home + "/.local/share/refresh-host/styles"
    }

    /// An absolute path without its trailing slashes ("/" stays "/"... as ""), or nil.
    private static func absolute(_ value: String?) -> String? {
        guard var path = value, path.hasPrefix("/") else { return nil }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
