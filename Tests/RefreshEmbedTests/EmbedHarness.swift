import Foundation
import RefreshEmbedABI
import RefreshTestSupport

/// What a view's event callback heard, kept on the Swift side.
final class Heard {
    struct Event {
        var kind: Int
        var time: Double
        var old: Int32
        var new: Int32
        var programmatic: Bool
        var text: String
    }

    var events: [Event] = []

    func count(_ kind: Int) -> Int { events.filter { $0.kind == kind }.count }

    /// The callback the views are made with: user_data is this object, unretained.
    static let callback: rhe_event_fn = { _, event, user in
        guard let event, let user else { return }
        let heard = Unmanaged<Heard>.fromOpaque(user).takeUnretainedValue()
        let e = event.pointee
        heard.events.append(Event(kind: Int(e.kind), time: e.time, old: e.old_state, new: e.new_state, programmatic: e.programmatic,
                                  text: e.text.map { String(cString: $0) } ?? "<NULL>"))
    }
}

/// What the host's log callback heard; it also tries to call the library from inside the callback.
final class LogHeard {
    var lines: [(level: Int32, line: String)] = []
    /// The status of rhe_version's neighbour rhe_host_style_count, called from inside the callback.
    var reentrantStatus: rhe_status_t?
    var host: OpaquePointer?

    static let callback: rhe_log_fn = { level, line, user in
        guard let line, let user else { return }
        let heard = Unmanaged<LogHeard>.fromOpaque(user).takeUnretainedValue()
        heard.lines.append((level, String(cString: line)))
        if heard.reentrantStatus == nil, let host = heard.host {
            var count = 0
            heard.reentrantStatus = rhe_host_style_count(host, &count)
        }
    }
}

/// A host over the bundled styles and the views a test makes, freed in order at the end.
final class EmbedHarness {
    let host: OpaquePointer
    private var views: [(OpaquePointer, Heard)] = []

    init(isolation: Int = RHE_ISOLATION_WORKER, paths: [String] = [TestPaths.bundledPlugins], budget: Double = 0,
         log: LogHeard? = nil, logLevel: Int = RHE_LOG_DEBUG) throws {
        var options = rhe_host_options_t()
        options.struct_size = UInt32(MemoryLayout<rhe_host_options_t>.size)
        options.isolation = rhe_isolation_t(isolation)
        options.budget = budget
        if let log {
            options.log = LogHeard.callback
            options.log_user_data = Unmanaged.passUnretained(log).toOpaque()
            options.log_level = rhe_log_level_t(logLevel)
        }
        var host: OpaquePointer?
        let cPaths: [UnsafePointer<CChar>?] = paths.map { UnsafePointer(strdup($0)) }
        defer { cPaths.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let status = cPaths.withUnsafeBufferPointer { list -> rhe_status_t in
            options.search_paths = list.baseAddress
            options.search_path_count = list.count
            return rhe_host_new(&options, &host)
        }
        guard status == RHE_OK, let host else { throw EmbedFailure("rhe_host_new: \(status) \(String(cString: rhe_last_error()))") }
        self.host = host
    }

    /// A view of `style`, 375 x 600 points at 2x, hearing into a new Heard.
    func view(_ style: String, time: Double = 0, configure: (inout rhe_view_options_t) -> Void = { _ in }) throws -> (OpaquePointer, Heard) {
        let heard = Heard()
        var options = rhe_view_options_t()
        options.struct_size = UInt32(MemoryLayout<rhe_view_options_t>.size)
        (options.width, options.height, options.scale) = (375, 600, 2)
        options.on_event = Heard.callback
        options.user_data = Unmanaged.passUnretained(heard).toOpaque()
        configure(&options)
        var view: OpaquePointer?
        let status = rhe_view_new(host, style, &options, time, &view)
        guard status == RHE_OK, let view else { throw EmbedFailure("rhe_view_new \(style): \(status) \(String(cString: rhe_last_error()))") }
        views.append((view, heard))
        return (view, heard)
    }

    func close() {
        for (view, _) in views { _ = rhe_view_free(view) }
        views = []
        _ = rhe_host_free(host)
    }
}

/// A frame, struct_size set.
func blankFrame() -> rhe_frame_t {
    var frame = rhe_frame_t()
    frame.struct_size = UInt32(MemoryLayout<rhe_frame_t>.size)
    return frame
}

/// Frames at 60 Hz from `time` until the view rests (or `limit` seconds pass).
func settle(_ view: OpaquePointer, _ time: inout Double, limit: Double = 5) -> rhe_frame_t {
    var frame = blankFrame()
    let end = time + limit
    repeat {
        time += 1.0 / 60
        _ = rhe_view_advance(view, time, &frame)
    } while frame.needs_frames && time < end
    return frame
}

struct EmbedFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
