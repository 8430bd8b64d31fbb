import CCairo
import Foundation
import RefreshEmbedABI
import RefreshTestSupport
import Testing

/// rhe_view_set_size (1.1): a view resized in place keeps its worker, its
/// pull and its refresh, and draws at the new size; values it cannot use are
/// refused and change nothing.
@Suite(.serialized) struct EmbedResizeTests {
    static let isolations = [RHE_ISOLATION_WORKER, RHE_ISOLATION_IN_PROCESS]

    @Test("rhe_version says 1.1: rhe_view_set_size is new in it")
    func version() {
        let v = rhe_version()
        #expect(v.major == 1 && v.minor == 1)
        #expect(RHE_VERSION_MINOR == 1)
    }

    @Test("resized at rest: the same worker, no events, and the header drawn across the new width", arguments: isolations)
    func atRest(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 10.0
        let (view, heard) = try harness.view("yelp", time: t)
        let workers = WorkerChildren.pids()
        if isolation == RHE_ISOLATION_WORKER { #expect(workers.count == 1, "one worker for the view: \(workers)") }
        t += 0.1
        #expect(rhe_view_set_size(view, t, 500, 400, 0) == RHE_OK)
        #expect(heard.events.isEmpty, "nothing to tell at rest: \(heard.events.map(\.kind))")
        #expect(WorkerChildren.pids() == workers, "the same worker process")
        // The same size again: nothing happens (a widget calls this on every allocation).
        #expect(rhe_view_set_size(view, t, 500, 400, 0) == RHE_OK)
        #expect(heard.events.isEmpty)

        let frame = pulled(view, &t, to: 150)
        #expect(frame.header_width == 500, "the header spans the new width: \(frame.header_width)")
        let (left, right) = try drawnHalves(view, width: 500)
        #expect(left > 100 && right > 100, "the style drew at the new size, on both halves: \(left), \(right)")
        #expect(WorkerChildren.pids() == workers)
    }

    @Test("resized mid-pull: the pull goes on at the finger's travel, and a release still refreshes once", arguments: isolations)
    func midPull(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 0.0
        let (view, heard) = try harness.view("yelp", time: t)
        let workers = WorkerChildren.pids()
        let before = pulled(view, &t, to: 150)
        #expect(before.state == RHE_STATE_PULLING || before.state == RHE_STATE_ARMED)
        let changes = heard.count(RHE_EVENT_STATE_CHANGED)
        t += 1.0 / 60
        // The same height: the same rubber band, so the same pull.
        #expect(rhe_view_set_size(view, t, 320, 600, 3) == RHE_OK)
        var frame = blankFrame()
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        #expect(frame.state == before.state && abs(frame.pull - before.pull) < 0.5,
                "the pull is where it was: \(before.pull) -> \(frame.pull)")
        #expect(frame.header_width == 320 && !frame.style_failed)
        // A shorter viewport: the rubber band (a function of the viewport's height) shows a little less of the same travel.
        t += 1.0 / 60
        #expect(rhe_view_set_size(view, t, 320, 480, 3) == RHE_OK)
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        #expect(frame.state == before.state && frame.pull > before.pull * 0.8 && frame.pull <= before.pull,
                "still pulled at the finger's travel: \(before.pull) -> \(frame.pull)")
        #expect(heard.count(RHE_EVENT_STATE_CHANGED) == changes, "no state change told for the new instance")
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 0)
        #expect(WorkerChildren.pids() == workers)
        t += 1.0 / 60
        #expect(rhe_view_touch_move(view, t, 400, 160) == RHE_OK)
        t += 1.0 / 60
        #expect(rhe_view_touch_up(view, t) == RHE_OK)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
        frame = settle(view, &t, limit: 1)
        #expect(frame.state == RHE_STATE_REFRESHING && frame.header_width == 320)
    }

    @Test("resized mid-refresh: still refreshing at the resting inset, no second request, the end asked for still ends it",
          arguments: isolations)
    func midRefresh(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 0.0
        let (view, heard) = try harness.view("yahoo", time: t)
        let workers = WorkerChildren.pids()
        #expect(rhe_view_begin_refresh(view, t) == RHE_OK)
        var frame = settle(view, &t, limit: 1)
        #expect(frame.state == RHE_STATE_REFRESHING)
        let inset = frame.resting_inset
        t += 0.2
        #expect(rhe_view_set_size(view, t, 600, 700, 1) == RHE_OK)
        frame = settle(view, &t, limit: 0.5)
        #expect(frame.state == RHE_STATE_REFRESHING && frame.resting_inset == inset && frame.content_offset == inset)
        #expect(frame.header_width == 600)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1, "the refresh goes on: no second request")
        #expect(WorkerChildren.pids() == workers)
        let (left, right) = try drawnHalves(view, width: 600)
        #expect(left + right > 100, "the refreshing header draws at the new size")

        #expect(rhe_view_end_refresh(view, t, rhe_result_t(RHE_RESULT_SUCCESS), nil) == RHE_OK)
        // Resized again while the exit runs: the exit runs on and the view comes to rest.
        t += 1.0 / 60
        #expect(rhe_view_set_size(view, t, 375, 600, 2) == RHE_OK)
        frame = settle(view, &t)
        #expect(frame.state == RHE_STATE_IDLE && !frame.needs_frames && frame.header_height == 0)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
        #expect(heard.count(RHE_EVENT_STYLE_FAILED) == 0)
    }

    @Test("zero, NaN, infinite, huge and negative sizes and scales are refused, time going back too; the view keeps its size",
          arguments: isolations)
    func refused(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 1.0
        let (view, heard) = try harness.view("yelp", time: t)
        let cases: [(Double, Double, Double)] = [
            (0, 0, 0), (0, 600, 0), (375, 0, 0), (9.9, 600, 0), (.nan, 600, 0), (375, .nan, 0), (.infinity, 600, 0),
            (1e9, 600, 0), (375, 10_001, 0), (-375, 600, 0), (375, 600, .nan), (375, 600, -1), (375, 600, 9), (375, 600, .infinity),
        ]
        for (w, h, s) in cases {
            #expect(rhe_view_set_size(view, t, w, h, s) == RHE_ERR_OUT_OF_RANGE, "\(w) x \(h) at \(s)")
            #expect(String(cString: rhe_last_error()).hasPrefix("rhe_view_set_size"))
        }
        #expect(rhe_view_set_size(view, .nan, 400, 400, 0) == RHE_ERR_OUT_OF_RANGE)
        #expect(rhe_view_set_size(view, t - 1, 400, 400, 0) == RHE_ERR_TIME_BACKWARDS)
        #expect(rhe_view_set_size(nil, t, 400, 400, 0) == RHE_ERR_INVALID_ARGUMENT)
        let frame = pulled(view, &t, to: 150)
        #expect(frame.header_width == 375, "the view kept its size")
        #expect(heard.count(RHE_EVENT_STYLE_FAILED) == 0)
        // The smallest and largest sizes are taken.
        #expect(rhe_view_set_size(view, t, 10, 10, 8) == RHE_OK)
        #expect(rhe_view_set_size(view, t, 10_000, 10_000, 0.5) == RHE_OK)
    }

    /// A finger down, moved to `travel` over a few frames; the frame then.
    private func pulled(_ view: OpaquePointer, _ t: inout Double, to travel: Double) -> rhe_frame_t {
        _ = rhe_view_touch_down(view, t, 160)
        for i in 1...10 {
            t += 1.0 / 60
            _ = rhe_view_touch_move(view, t, Double(i) * travel / 10, 160)
        }
        var frame = blankFrame()
        _ = rhe_view_advance(view, t, &frame)
        return frame
    }

    /// The header drawn at 1x onto white: the pixels that differ in its left and right halves.
    private func drawnHalves(_ view: OpaquePointer, width: Int) throws -> (Int, Int) {
        let height = 400
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        #expect(rhe_view_draw_cairo(view, cr, 1) == RHE_OK)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        var halves = (0, 0)
        for y in 0..<height {
            for x in 0..<width where words[y * stride + x] != 0xFFFF_FFFF {
                if x < width / 2 { halves.0 += 1 } else { halves.1 += 1 }
            }
        }
        return halves
    }
}

/// This test process's `refresh-host worker` children, by pid (from /proc).
enum WorkerChildren {
    static func pids() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return command.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "worker" }
        }.sorted()
    }
}
