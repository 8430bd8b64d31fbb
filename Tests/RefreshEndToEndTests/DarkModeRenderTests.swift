import Testing

/// `--dark` (ABI 1.3's theme): the phone around the header follows the app's
/// dark mode, as a themeable style's header does; without it nothing changes.
@Suite(.tags(.endToEnd)) struct DarkModeRenderTests {
    func render(_ extra: [String], to png: String) throws -> DecodedPNG {
        let r = try runProcess(TestPaths.cli, ["render", "material", "--plugin-path", TestPaths.bundledPlugins,
                                               "--at", "cycle:1", "--out", png] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return try DecodedPNG(png)
    }

    @Test("--dark draws a black list with white text and dark separators, and Material's dark disc")
    func darkList() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let light = try render([], to: dir.path + "/light.png")
        let dark = try render(["--dark"], to: dir.path + "/dark.png")
        // The bottom half of the 375 x 300 viewport (2x) is list rows.
        let rows = light.height / 2
        func share(_ image: DecodedPNG, _ rgb: UInt32) -> Double {
            var hits = 0
            for y in rows..<image.height { for x in 0..<image.width where image[x, y] == rgb { hits += 1 } }
            return Double(hits) / Double((image.height - rows) * image.width)
        }
        #expect(share(light, 0xFFFFFF) > 0.8 && share(light, 0x000000) < 0.05)
        #expect(share(dark, 0x000000) > 0.8 && share(dark, 0xFFFFFF) > 0.001, "black rows, white titles")
        #expect(dark.count(near: 0x2C2C2E, tolerance: 2) > 2000, "Material's dark disc")
        #expect(light.count(near: 0x2C2C2E, tolerance: 2) < 100, "only antialiased edges")
    }
}
