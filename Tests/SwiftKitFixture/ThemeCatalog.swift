#if canImport(Glibc)
import Glibc
#endif
import RefreshStyleKit

/// Exercises RefreshStyleKit's ABI 1.4 catalog from a real Swift plugin:
/// one style per `*.theme` file in the `themes` folder beside the library.
/// A theme is one line, a colour as `#RRGGBB`; the style is a disc of that
/// colour that grows with the pull and pulses while refreshing. A file that
/// is not a colour makes no style, with its own reason.
enum ThemeCatalog: StyleCatalog {
    static func load(libraryPath: String) -> Catalog {
        let folder = String(libraryPath[..<(libraryPath.lastIndex(of: "/") ?? libraryPath.startIndex)]) + "/themes"
        var catalog = Catalog(dataPaths: [folder])
        for name in fileNames(in: folder).filter({ $0.hasSuffix(".theme") }).sorted() {
            let path = folder + "/" + name
            catalog.dataPaths.append(path)
            let stem = String(name.dropLast(".theme".count))
            guard let text = read(path) else {
                catalog.entries.append(.unavailable(reason: "\(name): cannot be read"))
                continue
            }
            let line = text.split(separator: "\n").first.map(String.init) ?? ""
            guard line.count == 7, line.first == "#", let rgb = UInt32(line.dropFirst(), radix: 16) else {
                catalog.entries.append(.unavailable(reason: "\(name): line 1: \"\(line)\" is not a colour like #3366CC"))
                continue
            }
            let descriptor = StyleDescriptor(id: "test.swiftkit.theme.\(stem)", name: "Theme \(stem)", height: 60,
                                             cycleDuration: 0.6)
            catalog.entries.append(.style(CatalogStyle(descriptor: descriptor, source: path) { host in
                ThemeDisc(host: host, colour: Color(hex: rgb))
            }))
        }
        return catalog
    }

    static func fileNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A disc in the theme's colour.
final class ThemeDisc: RunningStyle {
    private let host: StyleHost
    private let colour: Color
    private var disc: Layer?

    init(host: StyleHost, colour: Color) {
        self.host = host
        self.colour = colour
    }

    func setup(root: Layer) -> Bool {
        let size = root.size
        guard let disc = host.makeLayer(.ellipse, in: root, frame: Rect(x: size.width / 2 - 20, y: 10, width: 40, height: 40))
        else { return false }
        _ = disc.setFill(colour)
        disc.scale = 0.2
        self.disc = disc
        return true
    }

    func pull(distance: Double, ratio: Double, velocity: Double) {
        disc?.scale = 0.2 + 0.8 * ratio
    }

    func cycle() {
        disc?.scale = 0.8
    }

    func setupForCycle() {
        disc?.scale = 1
    }

    func reset() {
        disc?.scale = 0.2
    }
}
