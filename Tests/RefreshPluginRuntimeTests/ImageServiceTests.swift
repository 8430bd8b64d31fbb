import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing
import RefreshDiscovery

/// ABI 1.2's image_create, image_release, layer_set_image,
/// layer_set_image_sequence and pixel_scale, called by a real C plugin
/// (img_hostile.c) through the real host table: the valid calls land, each
/// hostile one gets its status and one host log line, the byte budget holds.
@Suite(.serialized) struct ImageServiceTests {
    /// "label status=n" lines the fixture logged.
    static func statuses(_ s: Session) -> [String: Int] {
        var status: [String: Int] = [:]
        for m in s.log.entries(of: .plugin).map(\.message) {
            guard let r = m.range(of: " status=") else { continue }
            status[String(m[..<r.lowerBound])] = Int(m[r.upperBound...])
        }
        return status
    }

    static func plugin(_ prefix: String, _ s: Session) -> String? {
        s.log.entries(of: .plugin).map(\.message).first { $0.hasPrefix(prefix) }
    }

    @Test("each hostile image call gets its status and a log line; valid ones land")
    func calls() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("img_hostile", into: dir.path)
        let s = try Session("test.fixture.img_hostile", directories: [SearchDirectory(dir.path, .option)],
                            pixelScale: 3)
        defer { s.close() }
        let ok = 0, argument = -2, range = -3, limit = -6, layer = -1
        let expected: [String: Int] = [
            "create 2x2": ok, "create NULL pixels": argument, "create NULL out": argument,
            "create NULL rgba": argument, "create struct_size 8": argument, "create width 0": range,
            "create width 4097": range, "create height 4097": range, "create stride 7": range,
            "create stride 2^31": range,
            "budget next": limit, "budget release one": ok, "budget after release": ok,
            "budget release shown": ok, "budget shown still counts": limit, "budget layer shows none": ok,
            "budget freed": ok,
            "release made-up": argument, "release twice": argument,
            "set_image": ok, "set_image on rect": argument, "set_image made-up": argument,
            "set_image layer 9999": layer,
            "sequence": ok, "sequence 1025 frames": range, "sequence 0 frames": range,
            "sequence NaN duration": range, "sequence duration 1e-9": range, "sequence delay -1": range,
            "sequence NaN repeat": range, "sequence NULL frames": argument, "sequence struct_size 8": argument,
            "sequence made-up frame": argument, "sequence on rect": argument,
        ]
        #expect(Self.statuses(s) == expected)
        // Beside the 2 x 2 image, 1024 x 1024 images fit RH_IMAGE_MAX_BYTES 15 times; the 16th is refused.
        let side = 1024
        let fit = (RasterImage.maxBytesPerInstance - 2 * 2 * 4) / (side * side * 4)
        #expect(Self.plugin("budget made=", s) == "budget made=\(fit)")
        #expect(Self.plugin("out after error=", s) == "out after error=0")
        #expect(Self.plugin("scale=", s) == "scale=3")

        // One host log line per refusal, naming the call and the cause.
        let misuse = s.log.entries(of: .misuse).map(\.message)
        let refusals = expected.values.filter { $0 != ok }.count
        #expect(misuse.count == refusals, "\(misuse)")
        #expect(misuse.contains { $0.hasPrefix("image_create: ") && $0.contains("4097") })
        #expect(misuse.contains { $0.hasPrefix("image_create: ") && $0.contains("stride 2147483648") })
        #expect(misuse.contains { $0.hasPrefix("layer_set_image_sequence: ") && $0.contains("1025 frames") })
        #expect(misuse.contains { $0.hasPrefix("layer_set_image_sequence: ") && $0.contains("frame 1: image 424242") })
        #expect(misuse.contains { $0.hasPrefix("image_create: ") && $0.contains("this instance holds") })
    }

    @Test("image_create premultiplies straight RGBA into cairo's ARGB32, reading rows stride bytes apart")
    func pixels() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("img_hostile", into: dir.path)
        let s = try Session("test.fixture.img_hostile", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close() }
        let images = s.snapshot().filter { $0.kind == .image }
        #expect(images.count == 2)
        let still = try #require(images.first?.image)
        #expect(still.width == 2 && still.height == 2)
        // The fixture's straight RGBA, rows of 12 bytes with 4 of padding.
        let straight: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [255, 255, 255, 64]]
        var expected: [UInt8] = []
        for p in straight {
            let a = Double(p[3])
            func pm(_ c: UInt8) -> UInt8 { UInt8((Double(c) * a / 255).rounded()) }
            // ARGB32 in native (little-endian) order: B, G, R, A.
            expected += [pm(p[2]), pm(p[1]), pm(p[0]), p[3]]
        }
        #expect(still.pixels == expected)
        // The sequence layer shows its frame, the same image.
        #expect(images.last?.image == still)
    }

    @Test("another instance's image handle is refused; a destroyed instance's images are freed")
    func foreignHandle() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        _ = try Fixture.build("img_hostile", into: dir.path)
        let directories = [SearchDirectory(dir.path, .option)]
        // The first instance stays alive: its handle is live, but not the second's.
        let first = try Session("test.fixture.img_hostile", directories: directories)
        defer { first.close() }
        let second = try Session("test.fixture.img_hostile", directories: directories)
        #expect(Self.statuses(second)["set_image foreign"] == -2)
        #expect(second.log.entries(of: .misuse).contains { $0.message.contains("not one of this instance's images") })
        let shown = second.snapshot().compactMap(\.image)
        second.close()
        // The layers keep their pixels after destroy; nothing is shared with the first instance.
        #expect(!shown.isEmpty)
        #expect(Set(shown.map(\.serial)).isDisjoint(with: first.snapshot().compactMap(\.image).map(\.serial)))
    }
}
