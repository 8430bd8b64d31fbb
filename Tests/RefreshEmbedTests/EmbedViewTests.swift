import CCairo
import Foundation
import RefreshEmbedABI
import RefreshTestSupport
import Testing

/// The C API driven as an application drives it, with the bundled styles, in
/// a worker and in this process. Serialized: every host of a process lives on
/// one thread, and a test's host is freed before the next test makes one.
@Suite(.serialized) struct EmbedViewTests {
    static let isolations = [RHE_ISOLATION_WORKER, RHE_ISOLATION_IN_PROCESS]

    @Test("the host lists the bundled styles with what they declare, and rescans", arguments: isolations)
    func listsStyles(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var count = 0
        #expect(rhe_host_style_count(harness.host, &count) == RHE_OK)
        #expect(count == TestPaths.bundledStyleCount)
        var styles: [String: rhe_style_info_t] = [:]
        for i in 0..<count {
            var info = rhe_style_info_t()
            info.struct_size = UInt32(MemoryLayout<rhe_style_info_t>.size)
            #expect(rhe_host_style_at(harness.host, i, &info) == RHE_OK)
            styles[String(cString: info.id)] = info
        }
        let yelp = try #require(styles["com.refreshhost.yelp"])
        #expect(String(cString: yelp.name) == "Yelp" && yelp.height == 100 && yelp.trigger_distance == 100 && yelp.header)
        #expect(String(cString: yelp.file).hasSuffix("/Yelp/libYelpStyle.so"))
        let yikyak = try #require(styles["com.refreshhost.yikyak"])
        #expect(yikyak.footer && yikyak.param_count == 2)
        let index = try #require((0..<count).first { i in
            var info = rhe_style_info_t()
            info.struct_size = UInt32(MemoryLayout<rhe_style_info_t>.size)
            _ = rhe_host_style_at(harness.host, i, &info)
            return String(cString: info.id) == "com.refreshhost.yikyak"
        })
        var param = rhe_param_info_t()
        param.struct_size = UInt32(MemoryLayout<rhe_param_info_t>.size)
        #expect(rhe_host_style_param_at(harness.host, index, 0, &param) == RHE_OK)
        #expect(!String(cString: param.id).isEmpty && !String(cString: param.label).isEmpty)
        #expect(rhe_host_style_param_at(harness.host, index, 2, &param) == RHE_ERR_OUT_OF_RANGE)
        #expect(rhe_host_rescan(harness.host) == RHE_OK)
        var again = 0
        #expect(rhe_host_style_count(harness.host, &again) == RHE_OK && again == count)
    }

    @Test("a pull of 200 points: the header is as tall as the pull; release asks for one refresh; end brings idle",
          arguments: isolations)
    func pullReleaseEnd(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 1000.0
        let (view, heard) = try harness.view("yelp", time: t)
        #expect(rhe_view_touch_down(view, t, 187) == RHE_OK)
        for i in 1...12 {
            t += 1.0 / 60
            #expect(rhe_view_touch_move(view, t, Double(i) * 200 / 12, 187) == RHE_OK)
        }
        var frame = blankFrame()
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        #expect(frame.pull > 50 && frame.pull < 200, "the rubber band shows less than the travel")
        #expect(frame.header_height == frame.pull && frame.header_y == 0 && frame.header_width == 375)
        #expect(frame.content_offset == frame.pull && frame.needs_frames && !frame.style_failed)
        #expect(frame.state == RHE_STATE_PULLING || frame.state == RHE_STATE_ARMED)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 0)

        // Past the trigger, then up: exactly one request, at the release.
        t += 1.0 / 60
        #expect(rhe_view_touch_move(view, t, 400, 187) == RHE_OK)
        t += 1.0 / 60
        #expect(rhe_view_touch_up(view, t) == RHE_OK)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
        #expect(heard.events.first { $0.kind == RHE_EVENT_REFRESH_REQUESTED }?.programmatic == false)
        frame = settle(view, &t, limit: 1)
        #expect(frame.state == RHE_STATE_REFRESHING && frame.resting_inset == 100 && frame.content_offset == 100)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
        #expect(heard.events.contains { $0.kind == RHE_EVENT_HAPTIC })
        #expect(heard.events.contains { $0.kind == RHE_EVENT_ANNOUNCEMENT && $0.text == "Refreshing" })

        #expect(rhe_view_end_refresh(view, t, rhe_result_t(RHE_RESULT_SUCCESS), "3 new posts") == RHE_OK)
        frame = settle(view, &t)
        #expect(frame.state == RHE_STATE_IDLE && !frame.needs_frames && frame.pull == 0 && frame.header_height == 0)
        #expect(heard.events.filter { $0.kind == RHE_EVENT_STATE_CHANGED }.last?.new == rhe_state_t(RHE_STATE_IDLE))
        #expect(heard.count(RHE_EVENT_STYLE_FAILED) == 0)
        #expect(heard.events.map(\.time) == heard.events.map(\.time).sorted() && heard.events.allSatisfy { $0.time >= 1000 })
    }

    @Test("a programmatic refresh: one request, marked programmatic; a second begin while refreshing does nothing")
    func programmatic() throws {
        let harness = try EmbedHarness()
        defer { harness.close() }
        var t = 5.0
        let (view, heard) = try harness.view("yahoo", time: t)
        #expect(rhe_view_begin_refresh(view, t) == RHE_OK)
        #expect(rhe_view_begin_refresh(view, t + 0.1) == RHE_OK)
        t += 0.1
        let frame = settle(view, &t, limit: 1)
        #expect(frame.state == RHE_STATE_REFRESHING)
        #expect(heard.events.filter { $0.kind == RHE_EVENT_REFRESH_REQUESTED }.map(\.programmatic) == [true])
    }

    @Test("overscroll phases make a pull: updates accumulate, end releases", arguments: isolations)
    func overscroll(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 0.0
        let (view, heard) = try harness.view("yelp", time: t)
        #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_BEGIN), 0) == RHE_OK)
        var frame = blankFrame()
        var pulls: [Double] = []
        for _ in 0..<20 {
            t += 1.0 / 60
            #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_UPDATE), 20) == RHE_OK)
            #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
            pulls.append(frame.pull)
        }
        #expect(pulls == pulls.sorted() && pulls.last! > 100, "the pull grows with the travel: \(pulls)")
        // Scrolling back takes travel away, never below 0.
        t += 1.0 / 60
        #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_UPDATE), -10_000) == RHE_OK)
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        #expect(frame.pull == 0)
        t += 1.0 / 60
        #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_UPDATE), 400) == RHE_OK)
        t += 1.0 / 60
        #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_END), 0) == RHE_OK)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
        frame = settle(view, &t, limit: 1)
        #expect(frame.state == RHE_STATE_REFRESHING)
        // An end with no overscroll going is nothing.
        #expect(rhe_view_overscroll(view, t, rhe_overscroll_phase_t(RHE_OVERSCROLL_END), 0) == RHE_OK)
        #expect(heard.count(RHE_EVENT_REFRESH_REQUESTED) == 1)
    }

    @Test("the header drawn into a cairo surface at 2x and into an ARGB32 buffer: its pixels differ from the background",
          arguments: isolations)
    func draws(isolation: Int) throws {
        let harness = try EmbedHarness(isolation: isolation)
        defer { harness.close() }
        var t = 0.0
        let (view, _) = try harness.view("yelp", time: t)
        _ = rhe_view_touch_down(view, t, 187)
        for i in 1...10 {
            t += 1.0 / 60
            _ = rhe_view_touch_move(view, t, Double(i) * 30, 187)
        }
        var frame = blankFrame()
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        let headerRows = Int(frame.header_height * 2)
        #expect(headerRows > 100)

        // cairo: a white page, the header drawn over it in points.
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 750, 1200))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, 2, 2)
        #expect(rhe_view_draw_cairo(view, cr, 2) == RHE_OK)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        let words = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        func differs(_ words: UnsafePointer<UInt32>, stride: Int, rows: Range<Int>, from background: UInt32) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<750).filter { words[y * stride / 4 + $0] != background }.count }
        }
        let inHeader = differs(words, stride: stride, rows: 0..<headerRows, from: 0xFFFF_FFFF)
        let below = differs(words, stride: stride, rows: (headerRows + 2)..<1200, from: 0xFFFF_FFFF)
        #expect(inHeader > 5000, "the compass is drawn in the strip (\(inHeader) pixels differ)")
        #expect(below == 0, "nothing below the header's rectangle")

        // The caller's buffer, cleared: the same header, composited over transparent pixels.
        var buffer = [UInt32](repeating: 0, count: 750 * 1200)
        let status = buffer.withUnsafeMutableBytes {
            rhe_view_draw_rgba(view, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 750, 1200, 750 * 4, 2)
        }
        #expect(status == RHE_OK)
        let rgbaHeader = buffer.withUnsafeBufferPointer { differs($0.baseAddress!, stride: 3000, rows: 0..<headerRows, from: 0) }
        let rgbaBelow = buffer.withUnsafeBufferPointer { differs($0.baseAddress!, stride: 3000, rows: (headerRows + 2)..<1200, from: 0) }
        #expect(rgbaHeader == inHeader && rgbaBelow == 0, "the same pixels as through cairo: \(rgbaHeader)")
    }

    @Test("a footer view moves the content up and draws at the bottom; a style without a footer is refused")
    func footer() throws {
        let harness = try EmbedHarness()
        defer { harness.close() }
        var t = 0.0
        let (view, _) = try harness.view("yikyak", time: t) { $0.edge = rhe_edge_t(RHE_EDGE_BOTTOM) }
        _ = rhe_view_touch_down(view, t, 187)
        for i in 1...10 {
            t += 1.0 / 60
            _ = rhe_view_touch_move(view, t, Double(i) * 20, 187)
        }
        var frame = blankFrame()
        #expect(rhe_view_advance(view, t, &frame) == RHE_OK)
        #expect(frame.content_offset > 0 && frame.header_height == frame.content_offset)
        #expect(frame.header_y + frame.header_height == 600)
        #expect(throws: EmbedFailure.self) { try harness.view("yelp", time: t) { $0.edge = rhe_edge_t(RHE_EDGE_BOTTOM) } }
    }

    @Test("the log callback hears the style's lines and the host's refusals, at or above its level; the library refuses calls from it",
          arguments: isolations)
    func log(isolation: Int) throws {
        let folder = NSTemporaryDirectory() + "embed-log-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Fixture.build("bad_values", into: folder)
        let heard = LogHeard()
        let harness = try EmbedHarness(isolation: isolation, paths: [folder], log: heard, logLevel: RHE_LOG_INFO)
        defer { harness.close() }
        heard.host = harness.host
        var t = 0.0
        let (view, _) = try harness.view("bad_values", time: t)
        _ = rhe_view_touch_down(view, t, 100)
        t += 0.1
        #expect(rhe_view_touch_move(view, t, 50, 100) == RHE_OK)
        #expect(heard.lines.contains { $0.level == RHE_LOG_INFO && $0.line.contains("layer_set(opacity, 2.0) status=-3") },
                "\(heard.lines.map(\.line))")
        #expect(heard.lines.contains { $0.level == RHE_LOG_WARNING })
        #expect(!heard.lines.contains { $0.level == RHE_LOG_DEBUG })
        #expect(heard.reentrantStatus == rhe_status_t(RHE_ERR_REENTRANT))
    }

    @Test("rhe_view_get_style says how the view runs its style: the host's choices in force")
    func viewStyle() throws {
        let harness = try EmbedHarness()
        defer { harness.close() }
        let (view, _) = try harness.view("material") { $0.physics = rhe_physics_t(RHE_PHYSICS_SMART) }
        var info = rhe_style_info_t()
        info.struct_size = UInt32(MemoryLayout<rhe_style_info_t>.size)
        #expect(rhe_view_get_style(view, &info) == RHE_OK)
        #expect(String(cString: info.id) == "com.refreshhost.material")
        #expect(info.physics == RHE_PHYSICS_SMART && info.trigger != RHE_TRIGGER_DEFAULT && info.presentation != RHE_PRESENTATION_DEFAULT)
    }
}
