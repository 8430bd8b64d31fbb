import CCairo
import RefreshDiscovery
import RefreshEmbedABI
import RefreshPluginRuntime
import RefreshHostController

#if canImport(Glibc)
import Glibc
#endif

/// librefreshhost's per-frame cost on the GTK widget's path (a touch move,
/// an advance, the header drawn at 2x into a cairo surface) per bundled
/// style, in this process and in a worker; and one view's memory over 1,000
/// refreshes. Through the C API, as an application calls it.
enum EmbedBench {
    static func run(_ plugins: LoadedPlugins) throws {
        let exe = FilePaths.executablePath()!
        let folder = String(exe[..<exe.lastIndex(of: "/")!])
        print("embedding: librefreshhost per frame (touch move + advance + draw of the header at 2x into a cairo surface),")
        print("a 400 pt pull over 1 s, release, 1 s refreshing, end, settle: 240 frames at 60 fps, each timed alone")
        var table = Table(["style", "isolation", "median us", "p99 us", "max us", "frames"])
        for isolation in [RHE_ISOLATION_IN_PROCESS, RHE_ISOLATION_WORKER] {
            let host = try makeHost(folder, isolation: isolation)
            defer { _ = rhe_host_free(host) }
            for style in Bench.styles {
                var times = try frames(host, style)
                times.sort()
                table.add([style, isolation == RHE_ISOLATION_WORKER ? "worker" : "in-process",
                           format(times[times.count / 2] * 1e6, decimals: 0), format(times[times.count * 99 / 100] * 1e6, decimals: 0),
                           format(times.last! * 1e6, decimals: 0), "\(times.count)"])
            }
        }
        table.print()
        print("(goal: at most 2,000 us per frame in a worker; a frame at 60 fps has 16,667 us)")
        print("")
        try memory(folder)
    }

    private static func makeHost(_ folder: String, isolation: Int) throws -> OpaquePointer {
        var options = rhe_host_options_t()
        options.struct_size = UInt32(MemoryLayout<rhe_host_options_t>.size)
        options.isolation = rhe_isolation_t(isolation)
        options.budget = 5
        let plugins = strdup(folder + "/plugins")
        defer { free(plugins) }
        var paths: [UnsafePointer<CChar>?] = [UnsafePointer(plugins)]
        var host: OpaquePointer?
        let status = paths.withUnsafeMutableBufferPointer { list -> rhe_status_t in
            options.search_paths = UnsafePointer(list.baseAddress)
            options.search_path_count = 1
            return rhe_host_new(&options, &host)
        }
        guard status == RHE_OK, let host else { throw BenchError("rhe_host_new: \(String(cString: rhe_last_error()))") }
        return host
    }

    private static func makeView(_ host: OpaquePointer, _ style: String) throws -> OpaquePointer {
        var options = rhe_view_options_t()
        options.struct_size = UInt32(MemoryLayout<rhe_view_options_t>.size)
        (options.width, options.height, options.scale) = (375, 600, 2)
        var view: OpaquePointer?
        guard rhe_view_new(host, style, &options, 0, &view) == RHE_OK, let view else {
            throw BenchError("rhe_view_new \(style): \(String(cString: rhe_last_error()))")
        }
        return view
    }

    /// Wall seconds of each frame of one pull, refresh and end.
    private static func frames(_ host: OpaquePointer, _ style: String) throws -> [Double] {
        let view = try makeView(host, style)
        defer { _ = rhe_view_free(view) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 750, 1200)!
        defer { cairo_surface_destroy(surface) }
        var frame = rhe_frame_t()
        frame.struct_size = UInt32(MemoryLayout<rhe_frame_t>.size)
        var times: [Double] = []
        var t = 0.0
        _ = rhe_view_touch_down(view, t, 187)
        for k in 1...240 {
            t = Double(k) / 60
            let start = MonotonicClock.seconds()
            if k <= 60 { _ = rhe_view_touch_move(view, t, Double(k) * 400 / 60, 187) }
            if k == 61 { _ = rhe_view_touch_up(view, t) }
            if k == 120 { _ = rhe_view_end_refresh(view, t, rhe_result_t(RHE_RESULT_SUCCESS), nil) }
            _ = rhe_view_advance(view, t, &frame)
            let cr = cairo_create(surface)!
            cairo_scale(cr, 2, 2)
            _ = rhe_view_draw_cairo(view, cr, 2)
            cairo_destroy(cr)
            times.append(MonotonicClock.seconds() - start)
        }
        return times
    }

    /// This process's resident memory, KiB (VmRSS: now, not the peak).
    private static func residentKiB() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if text.hasPrefix("VmRSS:") { return Int(text.split(separator: " ")[1]) ?? -1 }
        }
        return -1
    }

    /// One view, 1,000 programmatic refreshes (begin, 0.5 s, end, settle, with a draw a frame).
    static func memory(_ folder: String) throws {
        print("embedding memory: one yelp view, 1,000 refreshes (begin, 0.5 s refreshing, end, settle; advance and draw")
        print("every 1/30 s): this process's resident memory (VmRSS), which in a worker is the application's side only")
        var table = Table(["isolation", "after 10 KiB", "after 100 KiB", "after 1,000 KiB", "growth 10->1,000 KiB", "seconds"])
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 750, 1200)!
        defer { cairo_surface_destroy(surface) }
        for isolation in [RHE_ISOLATION_IN_PROCESS, RHE_ISOLATION_WORKER] {
            let host = try makeHost(folder, isolation: isolation)
            let view = try makeView(host, "yelp")
            var frame = rhe_frame_t()
            frame.struct_size = UInt32(MemoryLayout<rhe_frame_t>.size)
            var t = 0.0
            var marks: [Int: Int] = [:]
            let start = MonotonicClock.seconds()
            func step() {
                t += 1.0 / 30
                _ = rhe_view_advance(view, t, &frame)
                let cr = cairo_create(surface)!
                cairo_scale(cr, 2, 2)
                _ = rhe_view_draw_cairo(view, cr, 2)
                cairo_destroy(cr)
            }
            for n in 1...1000 {
                _ = rhe_view_begin_refresh(view, t)
                for _ in 0..<15 { step() }
                _ = rhe_view_end_refresh(view, t, rhe_result_t(RHE_RESULT_SUCCESS), nil)
                repeat { step() } while frame.needs_frames
                if [10, 100, 1000].contains(n) { marks[n] = residentKiB() }
            }
            let seconds = MonotonicClock.seconds() - start
            _ = rhe_view_free(view)
            _ = rhe_host_free(host)
            table.add([isolation == RHE_ISOLATION_WORKER ? "worker" : "in-process", "\(marks[10]!)", "\(marks[100]!)", "\(marks[1000]!)",
                       "\(marks[1000]! - marks[10]!)", format(seconds, decimals: 1)])
        }
        table.print()
    }
}
