import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RefreshSession
import RefreshRender
import Testing

/// `refresh-host render` as a child process: every format decodes with the
/// real decoders, runs are byte-identical, bad input is one line and status 1.
@Suite struct ExportTests {
    /// The library's own frames for the default gesture, to compare files with.
    func expected(_ style: String) throws -> (times: [Double], last: Bitmap) {
        let recording = try StyleRecording(style)
        let times = try recording.recording.frameTimes()
        let last = try recording.frame(.seconds(times.last!)).image
        return (times, last)
    }

    @Test func gifLoopsForeverWithCentisecondDelaysThatAddUpAndLooksLikeTheFrames() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/yahoo.gif"
        let result = try render(["yahoo", "--out", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        let gif = try DecodedGIF(path: path)
        let (times, last) = try expected("yahoo")
        #expect(gif.width == 750 && gif.height == 600)
        #expect(gif.loopCount == 0)
        // Identical frames are merged into one longer delay; the total stays exact.
        #expect(gif.delays.count > 20 && gif.delays.count <= times.count)
        #expect(gif.delays.allSatisfy { $0 >= 2 }, "browsers slow delays under 2 cs down")
        let total = Int(((times.last! + 1.0 / 30) * 100).rounded())
        #expect(gif.delays.reduce(0, +) == total)
        // The palette keeps the picture: the final canvas against the renderer's last frame.
        var sum = 0, worst = 0
        for y in 0..<last.height {
            for x in 0..<last.width {
                let p = last.pixel(x: x, y: y)
                let o = (y * last.width + x) * 3
                for (a, b) in [(p.r, gif.canvas[o]), (p.g, gif.canvas[o + 1]), (p.b, gif.canvas[o + 2])] {
                    let e = abs(Int(a) - Int(b))
                    sum += e
                    worst = max(worst, e)
                }
            }
        }
        let mean = Double(sum) / Double(last.width * last.height * 3)
        #expect(mean < 1.0, "mean error \(mean)")
        #expect(worst < 48, "worst error \(worst)")
    }

    @Test func webpLoopsForeverWithExactTimestampsAndLosslessFrames() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/snapchat.webp"
        let result = try render(["snapchat", "--out", path])
        #expect(result.status == 0, "\(result.stderr)")
        let webp = try DecodedWebP(path: path)
        let (times, last) = try expected("snapchat")
        #expect(webp.width == 750 && webp.height == 600)
        #expect(webp.loopCount == 0)
        #expect(webp.timestamps.count > 20 && webp.timestamps.count <= times.count)
        #expect(webp.timestamps.last == Int(((times.last! + 1.0 / 30) * 1000).rounded()))
        var differing = 0
        for y in 0..<last.height {
            for x in 0..<last.width {
                let p = last.pixel(x: x, y: y)
                let o = (y * last.width + x) * 4
                if (p.r, p.g, p.b) != (webp.last[o], webp.last[o + 1], webp.last[o + 2]) { differing += 1 }
            }
        }
        #expect(differing == 0, "lossless: the last frame is the renderer's")
    }

    @Test func svgIsXMLWithTheViewportAndTheShapes() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/yelp.svg"
        let result = try render(["yelp", "--out", path, "--at", "cycle:2"])
        #expect(result.status == 0, "\(result.stderr)")
        let parser = XMLParser(contentsOf: URL(fileURLWithPath: path))!
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(collector.root == "svg")
        #expect(collector.rootAttributes["viewBox"] == "0 0 375 300")
        #expect(collector.counts["path", default: 0] > 10)
        // The compass body's colour is in there as a vector fill.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("rgb(40.784314%,59.607843%,69.019608%)") || text.lowercased().contains("#6898b0"))
    }

    @Test func pngHasThePixelSizeOfTheScale() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        for (scale, size) in [(1, (375, 300)), (3, (1125, 900))] {
            let path = dir.path + "/yikyak-\(scale).png"
            let result = try render(["yikyak", "--out", path, "--scale", "\(scale)", "--at", "release"])
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect((be32(16), be32(20)) == size)
        }
    }

    @Test(arguments: ["gif", "webp", "png", "svg"])
    func twoRunsGiveByteIdenticalFiles(format: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var files: [Data] = []
        for run in 0..<2 {
            let path = dir.path + "/run\(run).\(format)"
            let result = try render(["yikyak", "--out", path, "--refresh", "1", "--at", "exit-start"]
                .filter { format == "gif" || format == "webp" ? $0 != "--at" && $0 != "exit-start" : true })
            #expect(result.status == 0, "\(result.stderr)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0].count > 0)
        #expect(files[0] == files[1])
    }

    /// The gallery renders many files in one process: ids in an SVG must not depend on what came before.
    @Test func svgIsTheSameWhenWrittenTwiceInOneProcess() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let recording = try StyleRecording("yahoo")
        try AnimationFile.write(recording.recording, to: dir.path + "/a.svg", moment: .exitEnd)
        try AnimationFile.write(recording.recording, to: dir.path + "/other.png", moment: .cycle(1))
        try AnimationFile.write(recording.recording, to: dir.path + "/b.svg", moment: .exitEnd)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/a.svg"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/b.svg"))
        #expect(a == b)
    }

    @Test(arguments: [
        (["--out", "/tmp/x.bmp"], "/tmp/x.bmp"),
        (["--out", "/nonexistent-dir/x.png"], "/nonexistent-dir/x.png"),
        (["--out", "/nonexistent-dir/x.gif"], "/nonexistent-dir/x.gif"),
        (["--out", "/nonexistent-dir/x.webp"], "/nonexistent-dir/x.webp"),
        (["--out", "/nonexistent-dir/x.svg"], "/nonexistent-dir/x.svg"),
        (["--out", "/tmp/x.png", "--at", "soon"], "soon"),
        (["--out", "/tmp/x.png", "--at", "cycle:0"], "cycle:0"),
        (["--out", "/tmp/x.png", "--at", "cycle:99"], "cycle:99"),
        (["--out", "/tmp/x.png", "--at", "release", "--programmatic"], "release"),
        (["--out", "/tmp/x.png", "--at", "threshold", "--pull", "50"], "threshold"),
        (["--out", "/tmp/x.gif", "--at", "1"], "--at"),
        (["--out", "/tmp/x.gif", "--fps", "60"], "60"),
        (["--out", "/tmp/x.png", "--scale", "4"], "4"),
    ])
    func badInputIsOneLineNamingTheValue(arguments: [String], value: String) throws {
        let result = try render(["yahoo"] + arguments)
        // docs/cli.md: an output that cannot be written is 5, anything else here a usage error (2).
        #expect(result.status == (value.hasPrefix("/nonexistent-dir") ? 5 : 2), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(value), "\(result.stderr)")
    }
}

/// Counts elements by name and keeps the root's attributes.
final class ElementCollector: NSObject, XMLParserDelegate {
    var root: String?
    var rootAttributes: [String: String] = [:]
    var counts: [String: Int] = [:]

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        if root == nil {
            root = name
            rootAttributes = attributes
        }
        counts[name, default: 0] += 1
    }
}
