import CRLottie
import RefreshHostController
import RefreshPluginRuntime
import RefreshWorker
import RefreshRender
import RefreshSession
import RefreshLayers

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// A Lottie style's cost per frame through the whole host (the worker that
/// runs the adapter, the wire, the renderer at 2x), drawn both ways the
/// adapter can: as shapes on the host's layers (its choice for these files)
/// and as rlottie's pixels (refreshHost.drawing "pixels", a copy of the
/// file). Each against the sum of its parts measured alone: rlottie drawing
/// the animation's frames at the same pixel size, and the host driving an
/// empty Lottie style of the same length and markers the same way (the
/// adapter drawing nothing). An encoder is left out: its cost depends on
/// what the pictures hold. Then one frame as SVG both ways: what a vector
/// export gains.
enum LottieBench {
    static func run(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let cli = String(exe[..<exe.lastIndex(of: "/")!]) + "/refresh-host"
        for style in ["orbit", "bloom"] {
            guard let entry = try? plugins.registry.lookup(style), let source = entry.descriptor?.source else {
                print("lottie: no bundled \(style) (run `make bench`)")
                continue
            }
            try measure(style, id: entry.descriptor!.id, json: try readFile(source), file: entry.file,
                        height: entry.descriptor!.metrics.height, cli: cli)
        }
        try extraFiles(plugins, cli: cli)
    }

    /// BENCH_LOTTIE=FOLDER: every .json file there measured the same way,
    /// through the Lottie adapter that draws Orbit. A copy of each is written
    /// to the bench's data folder, with a refreshHost object (id and height
    /// 100, the bundled styles' height) when the file has none.
    static func extraFiles(_ plugins: LoadedPlugins, cli: String) throws {
        guard let folder = getenv("BENCH_LOTTIE").map({ String(cString: $0) }) else { return }
        guard let adapter = try? plugins.registry.lookup("orbit") else {
            print("lottie: BENCH_LOTTIE needs the bundled orbit's adapter (run `make bench`)")
            return
        }
        for name in jsonFiles(in: folder) {
            let style = String(name.dropLast(".json".count))
            var json = try readFile(folder + "/" + name)
            var id = "bench.file-" + style.map { $0.isLetter || $0.isNumber ? $0 : "-" }.map(String.init).joined()
            if let existing = refreshHostID(json) {
                id = existing
            } else {
                guard let open = json.utf8.firstIndex(of: UInt8(ascii: "{")) else { throw BenchError("\(name) is not a JSON object") }
                let after = json.utf8.index(after: open)
                json = String(json[..<after]) + "\"refreshHost\":{\"id\":\"\(id)\",\"height\":100}," + String(json[after...])
            }
            try measure(style, id: id, json: json, file: adapter.file, height: 100, cli: cli, writeCopy: true)
        }
    }

    /// The .json files directly in `folder`, by name.
    static func jsonFiles(in folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let item = readdir(handle) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The id in a file's refreshHost object, when it has one (the compact spelling the bundled files use).
    static func refreshHostID(_ json: String) -> String? {
        let bytes = Array(json.utf8), key = Array("\"refreshHost\":{\"id\":\"".utf8)
        guard bytes.count >= key.count,
              let at = (0...(bytes.count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) }) else { return nil }
        let start = at + key.count
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `writeCopy`: the style is not installed; the bench's data folder gets `json` under `style`.json.
    static func measure(_ style: String, id: String, json: String, file: String, height: Double, cli: String,
                        writeCopy: Bool = false) throws {
        guard let animation = lottie_animation_from_data(json + "\0", "bench-\(style)", "") else {
            throw BenchError("rlottie cannot read \(style)")
        }
        defer { lottie_animation_destroy(animation) }
        var w = 0, h = 0
        lottie_animation_get_size(animation, &w, &h)
        let frames = Int(lottie_animation_get_totalframe(animation))
        let rate = lottie_animation_get_framerate(animation)
        // The adapter draws at the header's pixel size: the composition fit to the height, at 2x.
        let scale = 2 * height / Double(h)
        let (pw, ph) = (Int((Double(w) * scale).rounded()), Int((Double(h) * scale).rounded()))

        // The empty style: the same size, rate, length and markers, one shape layer with no shapes,
        // in a data folder of its own (the workers inherit XDG_DATA_HOME).
        let data = "/tmp/refresh-host-bench-lottie-\(getpid())"
        defer { _ = try? quietly("/bin/rm", ["-rf", data]) }
        try quietly("/bin/mkdir", ["-p", data + "/refresh-host/styles"])
        let empty = """
            {"v":"5.7.4","fr":\(rate),"ip":0,"op":\(frames),"w":\(w),"h":\(h),"nm":"empty",
             "refreshHost":{"id":"bench.empty","height":\(height)},
             "layers":[{"ddd":0,"ind":1,"ty":4,"nm":"nothing","ip":0,"op":\(frames),"st":0,"sr":1,"ks":{},"shapes":[]}],
             "markers":[\(markerList(json))]}
            """
        try writeFile(data + "/refresh-host/styles/empty.json", empty)
        if writeCopy { try writeFile(data + "/refresh-host/styles/\(style).json", json) }
        // The same file drawn as pixels, under an id of its own.
        let pixelsID = "bench.\(style)-pixels"
        let pixels = json.replacingFirst("\"id\":\"\(id)\"", with: "\"id\":\"\(pixelsID)\",\"drawing\":\"pixels\"")
        guard pixels != json else { throw BenchError("\(style) has no refreshHost id \(id)") }
        try writeFile(data + "/refresh-host/styles/\(style)-pixels.json", pixels)
        setenv("XDG_DATA_HOME", data, 1)
        defer { unsetenv("XDG_DATA_HOME") }

        typealias Run = (mean: Double, drawing: Double, frames: Int)
        func best(_ a: Run?, _ b: Run) -> Run { a.map { $0.mean <= b.mean ? $0 : b } ?? b }
        var shapes: Run?, raster: Run?, nothing: Run?
        var kept: [SessionFrame] = []
        for round in 0..<3 {
            shapes = best(shapes, try live(id, file: file, cli: cli, keep: round == 0 ? { kept.append($0) } : nil))
            raster = best(raster, try live(pixelsID, file: file, cli: cli))
            nothing = best(nothing, try live("bench.empty", file: file, cli: cli))
        }
        let shown = shapes!.frames
        // rlottie alone: every frame of the animation once at that size, best of 5.
        var buffer = [UInt32](repeating: 0, count: pw * ph)
        let alone = Bench.best {
            for f in 0..<frames {
                buffer.withUnsafeMutableBufferPointer { lottie_animation_render(animation, f, $0.baseAddress, pw, ph, pw * 4) }
            }
        } / Double(frames)
        try renderTree(animation, style: style, frames: frames, width: pw, height: ph)
        print("lottie \(style): \(shown) frames at 60 fps through a live worker (start at frame 10, success at 250),")
        print("each an advance sent, its frame (layers and new images) back and drawn at 2x; \(pw) x \(ph) px; best of 3")
        let sum = alone + nothing!.mean
        var table = Table(["drawn as", "whole host us/frame", "of which drawing", "rlottie alone us/frame", "empty style us/frame",
                           "of which drawing", "sum us/frame", "whole / sum"])
        for (name, whole) in [("shapes", shapes!), ("pixels", raster!)] {
            table.add([name, format(whole.mean * 1e6, decimals: 0), format(whole.drawing * 1e6, decimals: 0),
                       format(alone * 1e6, decimals: 0), format(nothing!.mean * 1e6, decimals: 0),
                       format(nothing!.drawing * 1e6, decimals: 0), format(sum * 1e6, decimals: 0), format(whole.mean / sum, decimals: 2)])
        }
        table.print()
        drawingBreakdown(style, kept)
        try svg(style, shapes: id, pixels: pixelsID, cli: cli, data: data)
    }

    /// Where the renderer's time goes on the shapes run's frames: each frame
    /// drawn again as it came and with parts of the header taken out (its
    /// layers hidden, its strokes or fills made clear), in this thread's CPU
    /// time (best of 7), so the differences are what each part costs.
    static func drawingBreakdown(_ style: String, _ frames: [SessionFrame]) {
        guard !frames.isEmpty else { return }
        let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 2)
        var sink = 0
        func cost(_ change: (inout LayerSnapshot) -> Void) -> Double {
            let changed = frames.map { frame -> SessionFrame in
                var f = frame
                for i in f.layers.indices where f.layers[i].depth > 0 { change(&f.layers[i]) }
                return f
            }
            var best = Double.infinity
            for _ in 0..<7 {
                let start = Bench.cpuSeconds()
                for f in changed { sink &+= renderer.withFrame(f) { Int($0.bytes[0]) } }
                best = min(best, Bench.cpuSeconds() - start)
            }
            return best / Double(frames.count)
        }
        let whole = cost { _ in }
        let hidden = cost { $0.values[Int(LayerProperty.hidden.rawValue)] = 1 }
        let noStrokes = cost { $0.stroke = .clear }
        let noFills = cost { $0.fill = .clear; $0.gradient = nil }
        let unpainted = cost { $0.stroke = .clear; $0.fill = .clear; $0.gradient = nil }
        var fills = 0, strokes = 0
        for f in frames {
            for l in f.layers where l.depth > 0 && l[.hidden] == 0 && l.kind.draws(ColorProperty.fill) {
                if l.fill.a > 0 || l.gradient != nil { fills += 1 }
                if l.stroke.a > 0 && l[.lineWidth] > 0 { strokes += 1 }
            }
        }
        if sink == -1 { print("") }
        let n = Double(frames.count)
        print("lottie \(style) drawing, where it goes (the shapes run's \(frames.count) frames drawn again, CPU us/frame, best of 7):")
        var table = Table(["whole frame", "header's layers", "of which strokes", "of which fills", "the rest (layers, state)",
                           "fills/frame", "strokes/frame"])
        table.add([format(whole * 1e6, decimals: 0), format((whole - hidden) * 1e6, decimals: 0),
                   format((whole - noStrokes) * 1e6, decimals: 0), format((whole - noFills) * 1e6, decimals: 0),
                   format((unpainted - hidden) * 1e6, decimals: 0),
                   format(Double(fills) / n, decimals: 1), format(Double(strokes) / n, decimals: 1)])
        table.print()
    }

    /// One moment (half way through cycle 1) written as SVG both ways: as
    /// shapes it is paths, sharp at any zoom; as pixels it is one embedded
    /// picture at the scale it was drawn.
    static func svg(_ style: String, shapes: String, pixels: String, cli: String, data: String) throws {
        var table = Table(["drawn as", "SVG bytes", "paths", "embedded images"])
        for (name, id) in [("shapes", shapes), ("pixels", pixels)] {
            let out = data + "/\(name).svg"
            try quietly(cli, ["render", id, "--at", "cycle:1", "--out", out])
            let text = try readFile(out)
            table.add([name, "\(text.utf8.count)", "\(text.occurrences(of: "<path"))", "\(text.occurrences(of: "<image"))"])
        }
        print("lottie \(style) as SVG (render --at cycle:1 --out X.svg; the phone's list rows are paths too):")
        table.print()
    }

    /// What drawing as shapes (rlottie's render tree mapped onto the host's
    /// layers, Plugins/Lottie/lottie_tree.c) starts from, per frame: the time
    /// rlottie takes to build the tree, and how much the adapter tells the
    /// host to change (a path and its paint per shape, and the masks).
    static func renderTree(_ animation: OpaquePointer, style: String, frames: Int, width: Int, height: Int) throws {
        var shapes = 0, elements = 0, masks = 0, mattes = 0, gradients = 0
        func visit(_ layer: UnsafePointer<LOTLayerNode>) {
            let l = layer.pointee
            masks += l.mMaskList.size
            if l.mMatte != MatteNone { mattes += 1 }
            for i in 0..<l.mNodeList.size {
                guard let node = l.mNodeList.ptr[i] else { continue }
                shapes += 1
                elements += node.pointee.mPath.elmCount
                if node.pointee.mBrushType == BrushGradient { gradients += 1 }
            }
            for i in 0..<l.mLayerList.size {
                if let child = l.mLayerList.ptr[i] { visit(child) }
            }
        }
        var tree = Double.infinity
        for round in 0..<3 {
            let start = MonotonicClock.seconds()
            for f in 0..<frames {
                guard let root = lottie_animation_render_tree(animation, f, width, height) else { continue }
                if round == 0 { visit(root) }
            }
            tree = min(tree, MonotonicClock.seconds() - start)
        }
        let n = Double(frames)
        print("lottie \(style) render tree (rlottie's shapes per frame, what the adapter sets through the host):")
        var table = Table(["tree us/frame", "shapes/frame", "path elements/frame", "gradients/frame", "masks/frame", "mattes/frame"])
        table.add([format(tree / n * 1e6, decimals: 0), format(Double(shapes) / n, decimals: 1), format(Double(elements) / n, decimals: 1),
                   format(Double(gradients) / n, decimals: 1), format(Double(masks) / n, decimals: 1), format(Double(mattes) / n, decimals: 1)])
        table.print()
    }

    /// Mean seconds a frame takes through a worker: the advance sent, the frame received (new images decoded) and drawn.
    static func live(_ id: String, file: String, cli: String, keep: ((SessionFrame) -> Void)? = nil) throws
        -> (mean: Double, drawing: Double, frames: Int) {
        var settings = SessionSettings()
        settings.budget = 5
        settings.pixelScale = 2
        let session = try WorkerSession(file: file, style: id, settings: settings, executable: cli)
        defer { session.close() }
        let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 2)
        var total = 0.0, drawing = 0.0
        var sink = 0
        let count = 400
        for k in 0..<count {
            if k == 10 { session.send(.beginRefreshing) }
            if k == 250 { session.send(.endRefreshing(.success)) }
            let start = MonotonicClock.seconds()
            let frame = try session.advance(to: Double(k) / 60)
            keep?(frame)
            let drawStart = MonotonicClock.seconds()
            sink &+= renderer.withFrame(frame) { Int($0.bytes[0]) }
            drawing += MonotonicClock.seconds() - drawStart
            total += MonotonicClock.seconds() - start
        }
        if sink == -1 { print("") }
        return (total / Double(count), drawing / Double(count), count)
    }

    /// The file's markers, as JSON text to copy into the empty style.
    static func markerList(_ json: String) -> String {
        let bytes = Array(json.utf8)
        let key = Array("\"markers\":[".utf8)
        guard let start = (0...(bytes.count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) }) else {
            return ""
        }
        var depth = 1
        var end = start + key.count
        while end < bytes.count {
            if bytes[end] == UInt8(ascii: "[") { depth += 1 } else if bytes[end] == UInt8(ascii: "]") { depth -= 1 }
            if depth == 0 { break }
            end += 1
        }
        return String(decoding: bytes[(start + key.count)..<end], as: UTF8.self)
    }

    static func readFile(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot read \(path)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeFile(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot write \(path)") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw BenchError("cannot write \(path)") }
    }
}

// Byte-wise, without Foundation.
extension String {
    /// Where `key` occurs in `bytes` at or after `from`.
    private static func offset(of key: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !key.isEmpty, bytes.count >= key.count, from <= bytes.count - key.count else { return nil }
        return (from...(bytes.count - key.count)).first { bytes[$0..<$0 + key.count].elementsEqual(key) }
    }

    func replacingFirst(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), key = Array(target.utf8)
        guard let at = Self.offset(of: key, in: bytes, from: 0) else { return self }
        return String(decoding: bytes[..<at] + Array(replacement.utf8) + bytes[(at + key.count)...], as: UTF8.self)
    }

    func occurrences(of needle: String) -> Int {
        let bytes = Array(utf8), key = Array(needle.utf8)
        var count = 0, from = 0
        while let at = Self.offset(of: key, in: bytes, from: from) {
            count += 1
            from = at + key.count
        }
        return count
    }
}
