/// ABI 1.4: styles made from data (a designer's animations, a folder of
/// themes) rather than one Swift type per style. The library reads its data
/// when the host loads it and says which styles the data makes, which data
/// makes none and why, and which files and folders it read, so the host's
/// registry notices when one changes.
///
///     enum Themes: StyleCatalog {
///         static func load(libraryPath: String) -> Catalog { ... }
///     }
///     @c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> {
///         RefreshStyleKit.entry(for: [], catalog: Themes.self)
///     }
public protocol StyleCatalog {
    /// Called once, when the host loads the library (the entry's init, on
    /// its main thread), with the library's absolute path. Read the data
    /// here; each command that runs a style loads the library again, in its
    /// own process, and reads it afresh.
    static func load(libraryPath: String) -> Catalog
}

/// What a `StyleCatalog` found.
public struct Catalog {
    public var entries: [CatalogEntry]
    /// The files and folders the entries were read from, absolute. List a
    /// folder to have a file added to or removed from it noticed, and each
    /// file read to have a change to it noticed. A path that does not exist
    /// yet may be listed. At most 1024 are used (RH_DATA_PATHS_MAX).
    public var dataPaths: [String]

    public init(entries: [CatalogEntry] = [], dataPaths: [String] = []) {
        self.entries = entries
        self.dataPaths = dataPaths
    }
}

public enum CatalogEntry {
    /// A style the data makes.
    case style(CatalogStyle)
    /// Data that makes no style, and why, in one line that names the file
    /// and the problem ("spinner.theme: no colours"): `list`, `info` and
    /// `validate` show it, and only this style is disabled.
    case unavailable(reason: String)
}

/// One style of a catalog: its descriptor, the data it is made from, and
/// how to make the object behind one running header.
public struct CatalogStyle {
    public var descriptor: StyleDescriptor
    /// The absolute path of the file the style is made from (`info` shows
    /// it as "made from", `remove` takes out its folder); nil for none.
    public var source: String?
    /// Whether the host should call `tick` every frame.
    public var wantsTick: Bool
    /// Called once per running header, on the host's main thread.
    public var make: (StyleHost) -> any RunningStyle

    public init(descriptor: StyleDescriptor, source: String? = nil, wantsTick: Bool = false,
                make: @escaping (StyleHost) -> any RunningStyle) {
        self.descriptor = descriptor
        self.source = source
        self.wantsTick = wantsTick
        self.make = make
    }
}
