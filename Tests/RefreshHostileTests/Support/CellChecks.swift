import Foundation

/// What a cell must show, given what happened. Returns one line per problem;
/// none means the cell passed.
///
/// Every cell: the command ended by itself within its budget, not by a
/// signal; at most one line on stderr, and that line names the bad plugin
/// (what print_stdout printed, if the host passes it on there, does not count);
/// nothing it started is still running; the plugin folder holds what the
/// test put there; no output landed in the folder the plugin chdir'ed into.
/// And by command, when the plugin broke it (a crash, a hang or exit(0) that
/// fired in this cell, or a bad file):
/// - list, list --json, info, run yelp, render yelp, gallery: exit 0, the
///   other styles as usual, and the bad plugin named with its cause (in the
///   listing, the JSON entry, the gallery card or one stderr line; info and
///   yelp's run and render may stay silent about it);
/// - run and render of the bad style, validate: non-zero, with one stderr
///   line naming it and the cause (validate: in its JSON report); for a
///   failure in deinit, which comes once the output is whole, run and render
///   may also exit 0 with that line and their whole output;
/// otherwise exit 0 and complete output. JSON output always parses; a render
/// that fails leaves the previous out.gif byte for byte and no other file.
func problems(of cell: MatrixCell, _ outcome: CellOutcome) -> [String] {
    var problems: [String] = []
    let item = cell.hostileCase
    let command = cell.command
    func problem(_ text: String) { problems.append(text) }

    // -- The run itself --
    switch outcome.ending {
    case let .harnessFailure(why): return ["harness: \(why)"]
    case .timedOut: problem("still running after \(command.hardDeadline) s: killed (budget \(command.budget) s)")
    case let .signalled(signal): problem("the CLI itself died of signal \(signal)")
    case .exited: break
    }
    if outcome.ending != .timedOut, outcome.seconds > command.budget {
        problem(String(format: "took %.1f s, over its budget of %.0f s", outcome.seconds, command.budget))
    }
    // What print_stdout printed is the plugin's, not the host's: a host may
    // pass a plugin's output on to stderr (once per process that loaded it).
    let stderrLines = outcome.stderrLines.filter { !(item.behaviour == .print_stdout && $0.contains(helloLine)) }
    // A host without the budget options stops at its parser: say that once, not ten ways.
    if let unknown = stderrLines.first(where: { $0.contains("Unknown option") || $0.contains("unknown option") }) {
        return problems + ["usage error: \(unknown)"]
    }
    let status: Int32? = if case let .exited(code) = outcome.ending { code } else { nil }

    // -- Did the plugin act here, and should it have? --
    let fired = outcome.fired
    if let at = item.entryPoint {
        switch Reach.of(at, under: command) {
        case .must where !fired && outcome.ending != .timedOut:
            problem("never reached \(at.rawValue): the cell proves nothing")
        case .mustNot where fired:
            problem("reached \(at.rawValue) (\(outcome.firedIn.joined(separator: ", "))), which \(command.rawValue) must not call")
        default: break
        }
    }
    let broken: Bool = switch item.kind {
    case let .plugin(_, does): does.isFailure && fired
    case .file: true
    }

    // -- Exit status --
    func expect(_ ok: Bool, _ wanted: String) {
        if let status, !ok { problem("exit status \(status), expected \(wanted)") }
    }
    switch command {
    case .list, .listJSON, .info, .runYelp, .renderYelp:
        expect(status == 0, "0")
    case .gallery:
        // The page is always written; the exit status says whether a loaded style could not be drawn.
        // A plugin that broke while its file was read is quarantined or refused instead: no style to draw.
        let failedDrawing = broken && item.entryPoint?.stage == .instance
        expect(failedDrawing ? status == 1 : status == 0, failedDrawing ? "1 (a style could not be drawn)" : "0")
    case .run, .render:
        // deinit comes after the output is whole (and a host need not call it):
        // reporting it and keeping the run's result is as fair as failing.
        if broken, item.entryPoint?.stage == .unload { break }
        expect(broken ? status != 0 : status == 0, broken ? "non-zero (the style failed)" : "0")
    case .validate:
        if item.kind == .file(.world_writable) { break }  // a valid plugin: refused or validated, either is fine
        expect(broken ? status != 0 : status == 0, broken ? "non-zero" : "0")
    }

    // -- stderr: at most one line, about the bad plugin --
    let lower = { (text: String) in text.lowercased() }
    func names(_ line: String) -> Bool { item.names.contains { line.contains($0) } }
    // The cause is looked for in what is left once every name of the plugin
    // is taken out: libhostile_file_fifo.so says "fifo" and
    // test.hostile.cycle.crash_segv says "crash" by themselves.
    let namesAndCell = (item.names + [item.name])
        .map(lower).sorted { $0.count > $1.count }
    func givesCause(_ line: String) -> Bool {
        let text = namesAndCell.reduce(lower(line)) { $0.replacingOccurrences(of: $1, with: " ") }
        return item.causeWords.contains { text.contains($0) }
    }
    if stderrLines.count > 1 {
        problem("\(stderrLines.count) lines on stderr, expected at most one: \(stderrLines.prefix(3).joined(separator: " | "))")
    }
    if let line = stderrLines.first, !names(line) {
        problem("stderr does not name \(item.fileName)\(item.styleID.map { " or \($0)" } ?? ""): \(line)")
    }

    // -- Naming the plugin that failed, with its cause --
    let stdoutText = outcome.stdoutText
    let json = command.isJSON && (status == 0 || status == 1) ? parseJSON(outcome.stdout) : nil
    if command.isJSON, status == 0 || status == 1, json == nil {
        problem("stdout is not valid JSON: \(stdoutText.prefix(120).replacingOccurrences(of: "\n", with: "\\n"))")
    }
    let reportedOnStderr = stderrLines.contains { names($0) && givesCause($0) }
    if broken {
        let mayBeSilent = item.kind == .file(.folder)
        switch command {
        case .run, .render:
            if !reportedOnStderr { problem("no stderr line names the plugin and a cause (\(item.causeWords.prefix(3).joined(separator: "/"))...)") }
        case .list:
            let lines = stdoutText.split(separator: "\n").map(String.init) + stderrLines
            let mentioned = lines.contains(where: names)
            if !lines.contains(where: { names($0) && givesCause($0) }), !(mayBeSilent && !mentioned) {
                problem("the listing does not name the plugin with a cause")
            }
        case .listJSON:
            let entries = ((json as? [String: Any])?["plugins"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
            let mine = entries.filter { ($0["file"] as? String).map(names) ?? false }
            let reported = mine.contains { entry in
                (entry["status"] as? String) != "loaded"
                    && givesCause(((entry["reason"] as? String) ?? "") + " " + ((entry["status"] as? String) ?? ""))
            }
            if !reported, !reportedOnStderr, !(mayBeSilent && mine.isEmpty) {
                problem("no JSON entry (status, reason) or stderr line reports the plugin with a cause")
            }
        case .gallery:
            // The card (an <article>) that names the plugin, not the whole page:
            // the page's own text says "exit" and "failed" about other things.
            let cards = (outcome.galleryPage ?? "").components(separatedBy: "<article").dropFirst()
            let mine = cards.filter { card in item.names.contains { card.contains($0) } }
            if !mine.contains(where: givesCause), !reportedOnStderr, !(mayBeSilent && mine.isEmpty) {
                problem("the gallery page has no card naming the plugin with a cause")
            }
        case .validate:
            if status == 3 {
                if !reportedOnStderr { problem("validate refused the file without naming it and a cause on stderr") }
            } else if let results = (json as? [String: Any])?["results"] as? [[String: Any]] {
                let bad = results.filter { ["crashed", "timed_out", "failed"].contains($0["status"] as? String ?? "") }
                if bad.isEmpty, item.kind != .file(.world_writable) {
                    problem("the JSON report has no crashed, timed-out or failed check")
                }
            }
        case .info, .runYelp, .renderYelp: break
        }
    }

    // -- Outputs intact --
    let bundledIDs = ["com.refreshhost.yelp", "com.refreshhost.yahoo"]
    switch command {
    case .list where status == 0:
        for id in bundledIDs where !stdoutText.contains(id) { problem("the listing lost \(id)") }
    case .listJSON where status == 0:
        let entries = ((json as? [String: Any])?["plugins"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        for id in bundledIDs where !entries.contains(where: { $0["id"] as? String == id && $0["status"] as? String == "loaded" }) {
            problem("the JSON listing has no loaded \(id)")
        }
    case .info where status == 0:
        if (json as? [String: Any])?["id"] as? String != "com.refreshhost.yelp" { problem("info did not describe yelp") }
    case .run, .runYelp:
        let id = command == .run ? item.styleID ?? "" : "com.refreshhost.yelp"
        if status == 0, !(stdoutText.contains("(\(id) 1.0.0) from") && stdoutText.contains("back to idle")) {
            problem("exit 0 but the timeline is incomplete: \(stdoutText.suffix(100).replacingOccurrences(of: "\n", with: "\\n"))")
        }
    case .render, .renderYelp:
        let file = outcome.renderFile ?? Data()
        let whole = file.starts(with: Data("GIF89a".utf8)) && file.last == 0x3B && file.count > 100
        if status == 0 {
            if !whole { problem("exit 0 but out.gif is not a whole GIF (\(file.count) bytes)") }
        } else if status != nil {
            if file != CellOutcome.previousRender {
                problem("the render failed and out.gif is no longer the previous one (\(file.count) bytes)")
            }
        } else if file != CellOutcome.previousRender && !whole {
            // Killed, or dead of a signal: whenever that came, out.gif is the old file or the whole new one.
            problem("out.gif is neither the previous file nor a whole GIF (\(file.count) bytes): not written atomically")
        }
        // (A process killed mid-write cannot clean up after itself: only one that ended by itself must.)
        let extra = outcome.outFolder.keys.filter { $0 != "out.gif" }.sorted()
        if status != nil, !extra.isEmpty { problem("other files in the output folder: \(extra.joined(separator: ", "))") }
    case .gallery where status == 0:
        let page = outcome.galleryPage ?? ""
        if !page.contains("</html>") { problem("exit 0 but gallery/index.html is missing or cut short") }
        let animated = outcome.outFolder.contains { $0.key.hasPrefix("gallery/") && $0.key.contains("yahoo") && $0.value > 0 }
        if !page.contains(HostileBuild.smallPathStyle) || !animated {
            problem("the gallery lost \(HostileBuild.smallPathStyle)'s card or animation")
        }
        let extra = outcome.outFolder.keys.filter { $0 != "gallery" && !$0.hasPrefix("gallery/") }
        if !extra.isEmpty { problem("files beside the gallery: \(extra.sorted().joined(separator: ", "))") }
    default: break
    }
    let placed = Set([item.fileName] + (item.kind == .file(.symlink_loop) ? [FileCase.symlinkLoopPartner] : []))
    if Set(outcome.pluginFolder) != placed {
        problem("the plugin folder changed: \(outcome.pluginFolder.joined(separator: ", "))")
    }
    if !outcome.strays.isEmpty {
        problem("output written where the plugin chdir'ed: \(outcome.strays.joined(separator: ", "))")
    }

    // -- Nothing left running --
    for process in outcome.lingering { problem("left running: \(process.prefix(140))") }
    for process in outcome.leftovers { problem("still running, naming the cell: \(process.prefix(140))") }
    return problems
}

/// What hostile.c's print_stdout prints, after the style id.
let helloLine = "says hello on stdout"

/// JSON as Foundation reads it, or nil: an object or an array, nothing around it.
func parseJSON(_ data: Data) -> Any? {
    guard !data.isEmpty, let value = try? JSONSerialization.jsonObject(with: data) else { return nil }
    return value is [Any] || value is [String: Any] ? value : nil
}
