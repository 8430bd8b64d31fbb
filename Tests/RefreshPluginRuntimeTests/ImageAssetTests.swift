import CCairo
import Foundation
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshTestSupport
import Testing
import RefreshDiscovery

/// ABI 1.2's image_load from a real style folder (DIR/Assets/libimg_assets.so
/// beside assets/ made here with cairo): a PNG inside the folder decodes to
/// the pixels written; absolute paths, "..", links out of the folder, a
/// folder, a FIFO, /dev/zero, a PNG that lies about its size and a cut one
/// are refused with their status and a line naming the file and the cause.
@Suite(.serialized) struct ImageAssetTests {
    /// Premultiplied ARGB32 words of ok.png, 3 x 2: red, green, blue; half-white, clear, grey.
    static let okPixels: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x8080_8080, 0, 0xFF40_4040]

    /// Writes a PNG of `width` x `height` (pixels repeated from `words`) with cairo.
    static func writePNG(_ path: String, width: Int, height: Int, words: [UInt32]) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        for y in 0..<height {
            for x in 0..<width {
                data.storeBytes(of: words[(y * width + x) % words.count], toByteOffset: y * stride + 4 * x, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
        #expect(cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS)
    }

    /// The style folder with every asset the fixture asks for; returns the search folder.
    static func makeFolder(_ dir: TemporaryDirectory) throws -> String {
        let fm = FileManager.default
        let style = dir.path + "/plugins/Assets"
        let assets = style + "/assets"
        try fm.createDirectory(atPath: assets, withIntermediateDirectories: true)
        _ = try Fixture.build("img_assets", into: style)
        try writePNG(assets + "/ok.png", width: 3, height: 2, words: okPixels)
        try writePNG(dir.path + "/plugins/outside.png", width: 2, height: 2, words: okPixels)
        try writePNG(assets + "/big.png", width: RasterImage.maxSide + 1, height: 1, words: [0xFF00_0000])
        let ok = try Data(contentsOf: URL(fileURLWithPath: assets + "/ok.png"))
        // IHDR's width and height (bytes 16-23) patched to 5000 x 5000: refused before decoding.
        var liar = ok
        for (offset, value) in [(16, 5000), (20, 5000)] {
            for i in 0..<4 { liar[offset + i] = UInt8((value >> (8 * (3 - i))) & 0xFF) }
        }
        try liar.write(to: URL(fileURLWithPath: assets + "/liar.png"))
        // 2048 x 2048 is within the limits, but the data is ok.png's 3 x 2: cairo refuses it.
        var small = ok
        for (offset, value) in [(16, 2048), (20, 2048)] {
            for i in 0..<4 { small[offset + i] = UInt8((value >> (8 * (3 - i))) & 0xFF) }
        }
        try small.write(to: URL(fileURLWithPath: assets + "/lies_2048.png"))
        try ok.prefix(ok.count / 2).write(to: URL(fileURLWithPath: assets + "/cut.png"))
        try Data("not a PNG\n".utf8).write(to: URL(fileURLWithPath: assets + "/not_png.png"))
        try fm.createDirectory(atPath: assets + "/folder.png", withIntermediateDirectories: false)
        try fm.createSymbolicLink(atPath: assets + "/escape.png", withDestinationPath: "../../outside.png")
        try fm.createSymbolicLink(atPath: assets + "/zero.png", withDestinationPath: "/dev/zero")
        try fm.createSymbolicLink(atPath: assets + "/inside_link.png", withDestinationPath: "ok.png")
        #expect(mkfifo(assets + "/fifo.png", 0o600) == 0)
        return dir.path + "/plugins"
    }

    @Test("assets inside the style folder load; every way out of it or past a limit is refused with its status")
    func loads() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugins = try Self.makeFolder(dir)
        let s = try Session("test.fixture.img_assets", directories: [SearchDirectory(plugins, .option)])
        defer { s.close() }
        var status: [String: Int] = [:]
        for m in s.log.entries(of: .plugin).map(\.message) where m.hasPrefix("load ") {
            guard let r = m.range(of: " status=", options: .backwards) else { continue }
            status[String(m[m.index(m.startIndex, offsetBy: 5)..<r.lowerBound])] = Int(m[r.upperBound...])
        }
        let ok = 0, argument = -2, range = -3
        let expected: [String: Int] = [
            "assets/ok.png": ok, "./assets/ok.png": ok, "assets/inside_link.png": ok,
            "assets/../assets/ok.png": argument, "../outside.png": argument, "assets/missing.png": argument,
            "assets/liar.png": range, "assets/cut.png": argument, "assets/big.png": range,
            "assets/not_png.png": argument, "assets/folder.png": argument, "assets/escape.png": argument,
            "assets/zero.png": argument, "assets/fifo.png": argument, "": argument, "assets/lies_2048.png": argument,
            "absolute": argument, "NULL": argument, "long": argument, "utf8": argument, "NULL out": argument,
        ]
        #expect(status == expected)

        let misuse = s.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count == expected.values.filter { $0 != ok }.count, "\(misuse)")
        #expect(misuse.allSatisfy { $0.hasPrefix("image_load: ") })
        func line(_ fragment: String) -> String? { misuse.first { $0.contains(fragment) } }
        // Each line names the file and the cause.
        #expect(line("escape.png")?.contains("outside the plugin's folder") == true)
        #expect(line("zero.png")?.contains("resolves to /dev/zero") == true)
        #expect(line("liar.png")?.contains("5000 x 5000") == true)
        #expect(line("cut.png")?.contains("does not decode") == true)
        #expect(line("lies_2048.png")?.contains("does not decode") == true)
        #expect(line("folder.png")?.contains("a folder") == true)
        #expect(line("fifo.png")?.contains("not a regular file") == true)
        #expect(line("not_png.png")?.contains("not a PNG") == true)
        #expect(line("big.png")?.contains("4097 x 1") == true)
        #expect(line("missing.png")?.contains("No such file") == true)
        #expect(line("an absolute path") != nil)

        // The loaded image is the pixels cairo wrote.
        let shown = try #require(s.snapshot().first { $0.kind == .image }?.image)
        #expect(shown.width == 3 && shown.height == 2)
        let words = stride(from: 0, to: shown.pixels.count, by: 4).map { i in
            shown.pixels[i..<i + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        #expect(words == Self.okPixels)
    }

    @Test("a .so found through a symbolic link reads its assets beside the file the link resolves to, not beside the link")
    func symlinkedLibrary() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let fm = FileManager.default
        // The package: the .so and its assets. The search folder: a link to the .so, and no assets.
        let package = dir.path + "/package/Assets"
        try fm.createDirectory(atPath: package + "/assets", withIntermediateDirectories: true)
        let library = try Fixture.build("img_assets", into: package)
        try Self.writePNG(package + "/assets/ok.png", width: 3, height: 2, words: Self.okPixels)
        let linked = dir.path + "/plugins/Assets"
        try fm.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: linked + "/libimg_assets.so", withDestinationPath: library)
        let s = try Session("test.fixture.img_assets", directories: [SearchDirectory(dir.path + "/plugins", .option)])
        defer { s.close() }
        #expect(s.log.entries(of: .plugin).map(\.message).contains { $0.hasPrefix("load assets/ok.png status=0") })
        #expect(s.snapshot().first { $0.kind == .image }?.image?.width == 3)
    }
}
