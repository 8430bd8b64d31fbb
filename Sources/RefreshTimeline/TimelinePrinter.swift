import RefreshConsole
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshSession
import RefreshText

/// Prints a run as a readable timeline: one line per event, call or log line,
/// each with its time on the virtual clock.
public final class TimelinePrinter {
    /// Where each line goes (stdout, or stderr when stdout carries JSON).
    let emit: (String) -> Void

    public init(emit: @escaping (String) -> Void) {
        self.emit = emit
    }

    /// One line that may quote the plugin (its name, log lines, announcements,
    /// layer text) or the file system: its control characters made visible, so
    /// it stays one line and cannot forge another or drive the terminal.
    private func line(_ text: String) { emit(text.terminalSafe) }

    /// "Yahoo News Digest (com.refreshhost.yahoo 1.0.0) from /path/libYahooStyle.so"
    public func header(_ name: String, id: String, version: String, file: String) {
        line("\(name) (\(id) \(version)) from \(file)")
    }

    /// What the scripted gesture does.
    public func gesture(_ g: Gesture, height: Double, programmatic: Bool) {
        func n(_ v: Double, _ d: Int = 2) -> String { format(v, decimals: d) }
        emit(programmatic
            ? "gesture: programmatic start, refresh \(n(g.refreshDuration)) s, end"
            : "gesture: pull to \(n(g.distance(forHeight: height), 1)) pt over \(n(g.pullDuration)) s, hold \(n(g.hold)) s, release, refresh \(n(g.refreshDuration)) s, end")
    }

    /// The clock and the viewport, then a blank line before the events.
    public func clock(fps: Double, width: Double, height: Double, styleHeight: Double) {
        emit("clock: virtual, \(format(fps, decimals: 0)) fps; viewport \(format(width, decimals: 0)) x \(format(height, decimals: 0)) pt; style height \(format(styleHeight, decimals: 1)) pt")
        emit("")
    }

    /// How the run ended, from its last frame, and how many problems the host reported.
    public func summary(_ last: SessionFrame, problems: Int) {
        emit("")
        let states = switch last.state {
        case .idle: "back to idle"
        case .noMore: "the footer shows no more data"
        default: "still \(last.state) (stopped at the time limit)"
        }
        emit("done at \(format(last.time, decimals: 3)) s: \(last.totalCycles) cycle(s), \(states)")
        if problems > 0 { emit("\(problems) problem(s) reported by the host (see above)") }
    }

    /// A session's event, as it happens.
    public func print(_ e: SessionEvent) {
        switch e.kind {
        case let .refresh(event): self.event(event, at: e.time)
        case let .log(entry): log(entry)
        case let .call(call): self.call(call, at: e.time)
        }
    }

    private func stamp(_ time: Double) -> String {
        let t = format(time, decimals: 3)
        return String(repeating: " ", count: max(0, 8 - t.count)) + t
    }

    public func event(_ event: RefreshEvent, at time: Double) {
        line("\(stamp(time))  \(event)")
    }

    public func log(_ entry: HostLog.Entry) {
        let marker = entry.kind == .plugin ? "log" : "HOST"
        let time = entry.time < 0 ? "       ?" : stamp(entry.time)
        line("\(time)  [\(marker)] \(entry)")
    }

    /// A call into the plugin, then the plugin's calls to the host during it,
    /// in order, one line each (`<-`), indented under it.
    public func call(_ call: PluginCall, at time: Double) {
        let micros = call.duration * 1e6
        line("\(stamp(time))    -> \(call.target) \(call.summary)  (\(format(micros, decimals: 1)) us)")
        let indent = String(repeating: " ", count: 14)
        for service in call.services.shown {
            line("\(indent)<- \(service.summary)  (\(format(service.duration * 1e6, decimals: 1)) us)")
        }
        for omitted in call.services.omitted {
            line("\(indent)<- ... \(omitted.count) more \(omitted.service) call(s), counted, not shown")
        }
    }

    public func frame(_ number: Int, _ frame: SessionFrame) {
        emit("\(stamp(frame.time))  frame \(number): \(frame.state), pull \(format(frame.pull, decimals: 1)) pt, header top \(format(frame.headerTop, decimals: 1))")
        for layer in frame.layers {
            line("            " + describe(layer))
        }
    }

    /// How often each plugin function was called, as the session's end reported it.
    public func statistics(_ calls: [FunctionCalls]) {
        emit("")
        emit("calls into the plugin:")
        // OVER FRAME: calls longer than one frame at 60 Hz.
        var table = Table(header: ["FUNCTION", "CALLS", "TOTAL us", "LONGEST us", "OVER FRAME"])
        for c in calls {
            table.append([c.function, "\(c.count)", format(c.total * 1e6, decimals: 1),
                          format(c.longest * 1e6, decimals: 1), "\(c.overBudget)"])
        }
        emit(table.render())
    }
}

/// One layer on one line: kind, id, frame and the properties that move.
public func describe(_ layer: LayerSnapshot) -> String {
    func n(_ p: LayerProperty) -> String { format(layer[p], decimals: 1) }
    func f(_ v: Double) -> String { format(v, decimals: 2) }
    var parts = [
        String(repeating: "  ", count: layer.depth) + "#\(layer.id) \(layer.kind)",
        "pos (\(n(.positionX)), \(n(.positionY)))",
        "size \(n(.width))x\(n(.height))",
    ]
    if layer[.rotation] != 0 { parts.append("rot \(f(layer[.rotation]))") }
    if layer[.scaleX] != 1 || layer[.scaleY] != 1 {
        parts.append(layer[.scaleX] == layer[.scaleY] ? "scale \(f(layer[.scaleX]))" : "scale \(f(layer[.scaleX]))x\(f(layer[.scaleY]))")
    }
    if layer[.translationX] != 0 || layer[.translationY] != 0 { parts.append("tr (\(n(.translationX)), \(n(.translationY)))") }
    if layer[.opacity] != 1 { parts.append("opacity \(f(layer[.opacity]))") }
    if let g = layer.gradient {
        parts.append("gradient " + g.stops.map { hex($0.color) }.joined(separator: "->"))
    } else if layer.fill.a > 0 {
        parts.append("fill \(hex(layer.fill))")
    }
    if layer.stroke.a > 0 { parts.append("stroke \(hex(layer.stroke))") }
    if layer[.hidden] != 0 { parts.append("hidden") }
    if let text = layer.text { parts.append("\"\(text)\"") }
    return parts.joined(separator: "  ")
}

/// "#RRGGBB", with "@alpha" when not opaque.
public func hex(_ c: RGBA) -> String {
    c.hexRGB + (c.a < 1 ? "@" + format(c.a, decimals: 2) : "")
}
