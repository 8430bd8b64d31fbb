import RefreshConsole
import RefreshHostController
import RefreshHostLoader
import RefreshLayers

/// Prints a run as a readable timeline: one line per event, call or log line,
/// each with its time on the virtual clock.
final class TimelinePrinter {
    let showFrames: Bool
    /// Where each line goes: stdout in this process, the supervisor from a worker.
    let emit: (String) -> Void

    init(showFrames: Bool, emit: @escaping (String) -> Void) {
        self.showFrames = showFrames
        self.emit = emit
    }

    private func stamp(_ time: Double) -> String {
        let t = format(time, decimals: 3)
        return String(repeating: " ", count: max(0, 8 - t.count)) + t
    }

    func event(_ event: RefreshEvent, at time: Double) {
        emit("\(stamp(time))  \(event)")
    }

    func log(_ entry: HostLog.Entry) {
        let marker = entry.kind == .plugin ? "log" : "HOST"
        let time = entry.time < 0 ? "       ?" : stamp(entry.time)
        emit("\(time)  [\(marker)] \(entry)")
    }

    func call(_ record: CallRecord, now: Double) {
        let micros = record.duration * 1e6
        emit("\(stamp(now))    -> \(record.target) \(record.summary)  (\(format(micros, decimals: 1)) us)")
    }

    func frame(_ number: Int, time: Double, controller: RefreshController) {
        emit("\(stamp(time))  frame \(number): \(controller.state), pull \(format(controller.pullDistance, decimals: 1)) pt, header top \(format(controller.headerY, decimals: 1))")
        for layer in controller.tree.snapshot(root: controller.root) {
            emit("            " + describe(layer))
        }
    }

    func statistics(_ dispatcher: PluginDispatcher) {
        emit("")
        emit("calls into the plugin:")
        // OVER FRAME: calls longer than the dispatcher's budget, one frame at 60 Hz.
        var table = Table(header: ["FUNCTION", "CALLS", "TOTAL us", "LONGEST us", "OVER FRAME"])
        for function in PluginFunction.allCases {
            guard let s = dispatcher.statistics[function] else { continue }
            table.append([function.rawValue, "\(s.count)", format(s.total * 1e6, decimals: 1),
                               format(s.longest * 1e6, decimals: 1), "\(s.overBudget)"])
        }
        emit(table.render())
    }
}

/// One layer on one line: kind, id, frame and the properties that move.
func describe(_ layer: LayerSnapshot) -> String {
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
func hex(_ c: RGBA) -> String {
    c.hexRGB + (c.a < 1 ? "@" + format(c.a, decimals: 2) : "")
}
