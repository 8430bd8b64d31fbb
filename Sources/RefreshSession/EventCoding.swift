import RefreshHostController
import RefreshPluginRuntime
import RefreshWorker

/// Controller events on the wire, read back with every value checked: a
/// worker whose memory a plugin scribbled on can send only events the
/// controller could have reported.
enum EventCoding {
    /// Texts in events (an announcement, why a request was ignored, a result's message).
    static let maxText = 1024

    /// A log line or a call summary (a plugin may log long lines; the rest is cut).
    static let maxLine = 4096

    static func encode(_ e: SessionEvent, into w: inout WireWriter) {
        w.f64(e.time)
        switch e.kind {
        case let .refresh(event):
            w.u8(1)
            encode(event, into: &w)
        case let .log(entry):
            w.u8(2)
            text(entry.source, &w)
            w.u8(UInt8(entry.level.rawValue))
            w.u8(UInt8(HostLog.Kind.allCases.firstIndex(of: entry.kind)!))
            text(entry.message, &w, max: maxLine)
        case let .call(call):
            w.u8(3)
            text(call.function, &w)
            text(call.target, &w)
            text(call.summary, &w, max: maxLine)
            w.f64(call.duration)
            encode(call.services, into: &w)
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> SessionEvent {
        // A log line whose time the host does not know is stamped -1.
        let time = try r.f64()
        guard time.isFinite else { throw WireError("an event's time is not finite") }
        switch try r.u8() {
        case 1: return SessionEvent(time: time, kind: .refresh(try refresh(&r)))
        case 2:
            let source = try r.string(max: maxText)
            guard let level = HostLog.Level(rawValue: Int32(try r.u8())) else { throw WireError("unknown log level") }
            let kind = Int(try r.u8())
            guard kind < HostLog.Kind.allCases.count else { throw WireError("unknown log kind") }
            let message = try r.string(max: maxLine)
            return SessionEvent(time: time, kind: .log(HostLog.Entry(time: time, source: source, level: level,
                                                                      kind: HostLog.Kind.allCases[kind], message: message)))
        case 3:
            let function = try r.string(max: maxText), target = try r.string(max: maxText)
            let summary = try r.string(max: maxLine)
            let duration = try r.finite("a call's duration")
            let services = try serviceCalls(&r)
            return SessionEvent(time: time, kind: .call(PluginCall(function: function, target: target, summary: summary,
                                                                   duration: duration, services: services)))
        case let tag: throw WireError("unknown kind of event \(tag)")
        }
    }

    /// A call's service calls: as many as the worker's log keeps, each field bounded.
    static func encode(_ calls: ServiceCalls, into w: inout WireWriter) {
        w.u32(UInt32(calls.shown.count))
        for call in calls.shown {
            text(call.service, &w)
            text(call.arguments, &w, max: maxLine)
            text(call.result, &w)
            w.f64(call.duration)
        }
        w.u32(UInt32(calls.omitted.count))
        for omitted in calls.omitted {
            text(omitted.service, &w)
            w.u64(UInt64(omitted.count))
        }
    }

    static func serviceCalls(_ r: inout WireReader) throws(WireError) -> ServiceCalls {
        let shown = Int(try r.u32())
        guard shown <= ServiceCalls.limit else { throw WireError("\(shown) service calls in one call, more than \(ServiceCalls.limit)") }
        var calls = ServiceCalls()
        for _ in 0..<shown {
            let service = try r.string(max: maxText), arguments = try r.string(max: maxLine), result = try r.string(max: maxText)
            calls.shown.append(ServiceCall(service: service, arguments: arguments, result: result,
                                           duration: try r.finite("a service call's duration")))
        }
        let omitted = Int(try r.u32())
        guard omitted <= ServiceCalls.limit else { throw WireError("\(omitted) services counted in one call") }
        for _ in 0..<omitted {
            let service = try r.string(max: maxText)
            let count = try r.u64()
            guard count <= UInt64(Int.max) else { throw WireError("a service call count out of range") }
            calls.omitted.append(.init(service: service, count: Int(count)))
        }
        return calls
    }

    static func encode(_ event: RefreshEvent, into w: inout WireWriter) {
        switch event {
        case let .stateChanged(from, to): w.u8(1); w.u8(UInt8(from.rawValue)); w.u8(UInt8(to.rawValue))
        case .touched: w.u8(2)
        case let .released(distance, refreshes): w.u8(3); w.f64(distance); w.bool(refreshes)
        case let .didStart(programmatic): w.u8(4); w.bool(programmatic)
        case let .endRequested(cycle): w.u8(5); w.u32(UInt32(clamping: cycle))
        case let .didStartCycle(n): w.u8(6); w.u32(UInt32(clamping: n))
        case let .didEndCycle(n): w.u8(7); w.u32(UInt32(clamping: n))
        case .exitStarted: w.u8(8)
        case let .exitDone(after): w.u8(9); w.f64(after)
        case let .exitDeadlinePassed(deadline): w.u8(10); w.f64(deadline)
        case .didEnd: w.u8(11)
        case .didReset: w.u8(12)
        case let .ignored(why): w.u8(13); text(why, &w)
        case let .result(result): w.u8(14); encode(result, into: &w)
        case let .haptic(kind, requested): w.u8(15); w.u8(UInt8(kind.rawValue)); w.bool(requested)
        case let .announced(said): w.u8(16); text(said, &w)
        case .closed: w.u8(17)
        case let .queued(why): w.u8(18); text(why, &w)
        }
    }

    static func refresh(_ r: inout WireReader) throws(WireError) -> RefreshEvent {
        let event: RefreshEvent
        switch try r.u8() {
        case 1: event = .stateChanged(from: try state(&r), to: try state(&r))
        case 2: event = .touched
        case 3: event = .released(distance: try r.finite("a release's distance"), refreshes: try r.bool())
        case 4: event = .didStart(programmatic: try r.bool())
        case 5: event = .endRequested(cycleInFlight: Int(try r.u32()))
        case 6: event = .didStartCycle(Int(try r.u32()))
        case 7: event = .didEndCycle(Int(try r.u32()))
        case 8: event = .exitStarted
        case 9: event = .exitDone(after: try r.finite("an exit's length"))
        case 10: event = .exitDeadlinePassed(deadline: try r.finite("the exit deadline"))
        case 11: event = .didEnd
        case 12: event = .didReset
        case 13: event = .ignored(try r.string(max: maxText))
        case 14: event = .result(try result(&r))
        case 15:
            guard let kind = Haptic(rawValue: Int32(try r.u8())) else { throw WireError("unknown haptic") }
            event = .haptic(kind, requested: try r.bool())
        case 16: event = .announced(try r.string(max: maxText))
        case 17: event = .closed
        case 18: event = .queued(try r.string(max: maxText))
        case let tag: throw WireError("unknown event \(tag)")
        }
        return event
    }

    static func encode(_ result: RefreshResult, into w: inout WireWriter) {
        w.u8(UInt8(result.kind.rawValue))
        w.bool(result.message != nil)
        if let message = result.message { text(message, &w) }
    }

    static func result(_ r: inout WireReader) throws(WireError) -> RefreshResult {
        guard let kind = RefreshResult.Kind(rawValue: Int32(try r.u8())) else { throw WireError("unknown result") }
        let message = try r.bool() ? try r.string(max: maxText) : nil
        return RefreshResult(kind, message: message)
    }

    private static func state(_ r: inout WireReader) throws(WireError) -> RefreshState {
        guard let state = RefreshState(rawValue: Int32(try r.u8())) else { throw WireError("unknown refresh state") }
        return state
    }

    /// Text cut to `max` bytes on a character boundary.
    static func text(_ s: String, _ w: inout WireWriter, max: Int = maxText) {
        w.string(clipped(s, max: max))
    }

    static func clipped(_ s: String, max: Int) -> String {
        guard s.utf8.count > max else { return s }
        var cut = Substring(s)
        while cut.utf8.count > max { cut = cut.dropLast() }
        return String(cut)
    }
}
