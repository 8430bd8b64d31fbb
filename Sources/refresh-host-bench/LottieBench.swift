import CRLottie
import RefreshHostController
import RefreshHostLoader

#if canImport(Glibc)
import Glibc
#endif

/// A Lottie style's cost per frame through the whole host (the worker that
/// runs the adapter, the wire, the renderer, the encoder) against the sum of
/// its parts measured alone: rlottie drawing the same frames at the same
/// pixel size, and the host running the same command for an empty Lottie
/// style of the same length and markers (the adapter drawing nothing).
enum LottieBench {
    static func run(_ registry: PluginRegistry) throws {
        let exe = SearchPath.executablePath()!
        let cli = String(exe[..<exe.lastIndex(of: "/")!]) + "/refresh-host"
        for style in ["orbit", "bloom"] {
            guard let entry = try? registry.lookup(style), let source = entry.descriptor?.source else {
                print("lottie: no bundled \(style) (run `make bench`)")
                continue
            }
            try measure(style, id: entry.descriptor!.id, source: source, height: entry.descriptor!.metrics.height, cli: cli)
        }
    }

    static func measure(_ style: String, id: String, source: String, height: Double, cli: String) throws {
        let json = try readFile(source)
        guard let animation = lottie_animation_from_data(json + "\0", "bench-\(style)", "") else {
            throw BenchError("rlottie cannot read \(source)")
        }
        defer { lottie_animation_destroy(animation) }
        var w = 0, h = 0
        lottie_animation_get_size(animation, &w, &h)
        let frames = Int(lottie_animation_get_totalframe(animation))
        let rate = lottie_animation_get_framerate(animation)
        // The adapter draws at the header's pixel size: the composition fit to the height, at 2x.
        let scale = 2 * height / Double(h)
        let (pw, ph) = (Int((Double(w) * scale).rounded()), Int((Double(h) * scale).rounded()))

        // The empty style: the same size, rate, length and markers, one shape layer with no shapes.
        let data = "/tmp/refresh-host-bench-lottie-\(getpid())"
        defer { _ = try? runQuiet("/bin/rm", ["-rf", data]) }
        let styles = data + "/refresh-host/styles"
        try runQuiet("/bin/mkdir", ["-p", styles])
        let markers = markerList(json)
        let empty = """
            {"v":"5.7.4","fr":\(rate),"ip":0,"op":\(frames),"w":\(w),"h":\(h),"nm":"empty",
             "refreshHost":{"id":"bench.empty","height":\(height)},
             "layers":[{"ddd":0,"ind":1,"ty":4,"nm":"nothing","ip":0,"op":\(frames),"st":0,"sr":1,"ks":{},"shapes":[]}],
             "markers":[\(markers)]}
            """
        try writeFile(styles + "/empty.json", empty)
        let out = data + "/out.webp"
        let environment = ["XDG_DATA_HOME=\(data)", "HOME=\(data)", "XDG_CACHE_HOME=\(data)/cache", "PATH=/usr/bin:/bin"]
        let arguments = ["--out", out, "--fps", "60", "--scale", "2"]
        // Frames the render writes: one per 1/60 s of the run, as `run --frames-json` counts them.
        let rendered = try frameCount(cli, id, environment: environment)
        let emptyFrames = try frameCount(cli, "bench.empty", environment: environment)
        guard rendered == emptyFrames else { throw BenchError("\(style): \(rendered) frames, the empty style \(emptyFrames)") }

        var whole = Double.infinity, nothing = Double.infinity
        for _ in 0..<5 {
            whole = min(whole, try ValidateBench.best(of: 1) { try quietly(cli, ["render", id] + arguments, environment: environment) })
            nothing = min(nothing, try ValidateBench.best(of: 1) {
                try quietly(cli, ["render", "bench.empty"] + arguments, environment: environment)
            })
        }
        // rlottie alone: every frame of the animation once at that size, best of 5.
        var buffer = [UInt32](repeating: 0, count: pw * ph)
        let alone = Bench.best {
            for f in 0..<frames {
                buffer.withUnsafeMutableBufferPointer { lottie_animation_render(animation, f, $0.baseAddress, pw, ph, pw * 4) }
            }
        } / Double(frames)
        let perFrame = whole / Double(rendered)
        let emptyPerFrame = nothing / Double(rendered)
        print("lottie \(style): `refresh-host render \(id) --out X.webp --fps 60 --scale 2`, \(rendered) frames at \(pw) x \(ph) px, best of 5")
        var table = Table(["whole host us/frame", "rlottie alone us/frame", "empty style us/frame", "sum us/frame", "whole / sum"])
        table.add([format(perFrame * 1e6, decimals: 0), format(alone * 1e6, decimals: 0), format(emptyPerFrame * 1e6, decimals: 0),
                   format((alone + emptyPerFrame) * 1e6, decimals: 0), format(perFrame / (alone + emptyPerFrame), decimals: 2)])
        table.print()
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

    static func frameCount(_ cli: String, _ id: String, environment: [String]) throws -> Int {
        let path = "/tmp/refresh-host-bench-frames-\(getpid()).jsonl"
        defer { unlink(path) }
        try quietly(cli, ["run", id, "--frames-json", path, "--fps", "60"], environment: environment)
        return try readFile(path).split(separator: "\n").count
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

    static func runQuiet(_ path: String, _ arguments: [String]) throws { try quietly(path, arguments) }
}
