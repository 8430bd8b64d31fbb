import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

#if canImport(Glibc)
import Glibc
import RefreshDiscovery
#endif

/// Styles from designers' files: what a frame-sequence style holds against
/// the frames it decodes, and what a Lottie style costs a frame through the
/// whole host against rlottie drawing the same frame (LottieBench).
enum DesignsBench {
    static func run(_ plugins: LoadedPlugins) throws {
        try frameMemory(plugins)
        print("")
        try LottieBench.run(plugins)
    }

    /// Early Bird through one whole refresh: every state's frames are decoded once, at setup.
    static func frameMemory(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let folder = String(exe[..<exe.lastIndex(of: "/")!]) + "/plugins/FrameSequence/styles/early-bird"
        let decoded = pngPixelBytes(in: folder)
        print("frame-sequence memory: Early Bird (\(decoded.count) PNG frames in \(folder)), one instance, a whole refresh at 60 fps")
        let before = residentBytes()
        let session = try Bench.session(plugins, "earlybird", pixelScale: 2)
        let (animator, controller) = (session.animator, session.controller)
        let gesture = Gesture()
        gesture.schedule(on: controller)
        var held = 0
        FrameLoop(fps: 60).run(controller, limit: 10, stop: { $0.timeline.now > gesture.endTime && $0.isAtRest },
                               onFrame: { _, _ in held = max(held, animator.imageBytes) })
        let during = residentBytes()
        session.close()
        let after = residentBytes()
        var table = Table(["decoded frames KiB", "host images KiB", "images / decoded", "RSS growth KiB", "RSS after destroy KiB"])
        table.add(["\(decoded.bytes / 1024)", "\(held / 1024)", format(Double(held) / Double(max(1, decoded.bytes)), decimals: 2),
                   "\((during - before) / 1024)", "\((after - before) / 1024)"])
        table.print()
        print("(decoded frames: width x height x 4 of every PNG; host images: what the instance holds, at most, while it runs)")
    }

    /// The PNGs under `folder` (one level of state folders), and their pixels' bytes at 4 a pixel, from their headers.
    static func pngPixelBytes(in folder: String) -> (count: Int, bytes: Int) {
        var count = 0, bytes = 0
        func visit(_ dir: String, depth: Int) {
            guard let handle = opendir(dir) else { return }
            defer { closedir(handle) }
            while let item = readdir(handle) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                let path = dir + "/" + name
                if name.hasSuffix(".png"), let (w, h) = pngSize(path) {
                    count += 1
                    bytes += w * h * 4
                } else if depth == 0 {
                    visit(path, depth: 1)
                }
            }
        }
        visit(folder, depth: 0)
        return (count, bytes)
    }

    /// A PNG's width and height from its IHDR.
    static func pngSize(_ path: String) -> (Int, Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 24)
        guard read(fd, &header, 24) == 24, header[12...15].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func be(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// This process's resident memory now (not its peak), from /proc/self/statm.
    static func residentBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return 0 }
        let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
