import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lifecycle: the style lives through the documented sequence of calls,
/// ends its exits properly, resets, soaks, and shares nothing between instances.
/// Each check's id, level and documentation are in Catalogue.swift.
enum LifecycleChecks {
    // MARK: order

    static func order(_ c: CheckContext) throws -> Outcome {
        var details: [String] = []
        for d in try c.styles() {
            var calls: [(PluginFunction, RefreshState)] = []
            let dispatcher = try c.library().pluginDispatcher
            var driverRef: Driver?
            dispatcher.trace = { record in
                guard record.function != .completion else { return }
                calls.append((record.function, driverRef?.controller.state ?? .idle))
            }
            defer { dispatcher.trace = nil }
            let driver: Driver
            do { driver = try c.driver(d) } catch let p as Prerequisite {
                return .failed(expected: "create and setup succeed", actual: p.reason)
            }
            driverRef = driver
            // The second refresh is ended halfway through its first cycle.
            let cycleEnd = d.metrics.cycleDelay + d.metrics.cycleDuration
            let gestures = [Gestures.standard, Gestures.programmatic(refresh: cycleEnd / 2)]
            for g in gestures {
                var shifted = g
                shifted.startTime = driver.now
                let seen = driver.events.count
                driver.run(shifted)
                guard driver.controller.state == .idle else {
                    return .failed(expected: "back to idle after the refresh", actual: "\(d.id): still \(driver.controller.state)",
                                   gesture: Gestures.describe(g))
                }
                if g.start == .programmatic,
                   let problem = endDuringCycleProblem(Array(driver.events.dropFirst(seen)), start: shifted.startTime, cycleEnd: cycleEnd) {
                    return .failed(expected: "an end requested mid-cycle lets that one cycle finish, then the exit",
                                   actual: "\(d.id): \(problem)", gesture: Gestures.describe(g))
                }
            }
            driver.close()
            let sequence = calls.filter { $0.0 != .create }
            if let problem = orderProblem(sequence, implements: driver.animator.implements) {
                return .failed(expected: "the documented call order", actual: "\(d.id): \(problem)",
                               gesture: gestures.map(Gestures.describe).joined(separator: "; then "))
            }
            details.append("\(d.id): \(sequence.count) calls in order")
        }
        return .passed(details.joined(separator: "; "))
    }

    /// The first break of the header's grammar in a recorded call sequence.
    /// `implements` says which optional callbacks the style has: only those
    /// can be expected (state_changed(REFRESHING) before setup_for_cycle,
    /// setup_for_cycle before cycle, exit before reset).
    static func orderProblem(_ calls: [(PluginFunction, RefreshState)], implements: (PluginFunction) -> Bool) -> String? {
        let announcesState = implements(.stateChanged), prepares = implements(.setupForCycle)
        guard calls.first?.0 == .setup else { return "the first call is \(calls.first?.0.rawValue ?? "none"), not setup" }
        guard calls.last?.0 == .destroy else { return "the last call is \(calls.last?.0.rawValue ?? "none"), not destroy" }
        var sawRefreshing = false
        var cyclePrepared = false
        var exitsOpen = 0
        for (i, (function, state)) in calls.enumerated() {
            switch function {
            case .setup where i != 0: return "setup called again at call \(i)"
            case .pull where [.refreshing, .exiting, .resetting].contains(state):
                return "pull called while \(state)"
            case .stateChanged: sawRefreshing = sawRefreshing || state == .refreshing
            case .setupForCycle:
                guard state == .refreshing else { return "setup_for_cycle while \(state)" }
                guard sawRefreshing || !announcesState else { return "setup_for_cycle before state_changed(REFRESHING)" }
                cyclePrepared = true
            case .cycle:
                guard state == .refreshing else { return "cycle while \(state)" }
                guard cyclePrepared || !prepares else { return "cycle without setup_for_cycle first" }
                cyclePrepared = false
            case .exit, .exitWithResult:
                exitsOpen += 1
                sawRefreshing = false
            case .reset:
                // A NULL exit (no exit animation, as the header allows) is never
                // called, so only a style that has one must be seen exiting.
                let exits = implements(.exit) || implements(.exitWithResult)
                guard exitsOpen > 0 || !exits else { return "reset without an exit first" }
                exitsOpen = max(0, exitsOpen - 1)
            case .destroy where i != calls.count - 1: return "destroy is not the last call"
            default: break
            }
        }
        return nil
    }

    // MARK: end during a cycle

    /// What went wrong with a refresh whose end was requested mid-cycle:
    /// exactly one cycle, ending at its full length, the exit right after.
    static func endDuringCycleProblem(_ events: [(time: Double, event: RefreshEvent)], start: Double, cycleEnd: Double) -> String? {
        let ends = events.filter { if case .didEndCycle = $0.event { true } else { false } }
        guard ends.count == 1, let end = ends.first else { return "\(ends.count) cycles ran" }
        guard abs(end.time - (start + cycleEnd)) < 1e-9 else {
            return "the cycle ended \(fmt(end.time - start)) s in, not at its full \(fmt(cycleEnd)) s"
        }
        guard let exit = events.first(where: { $0.event == .exitStarted })?.time, abs(exit - end.time) < 1e-9 else {
            return "the exit did not start as the cycle ended"
        }
        return nil
    }

    // MARK: done

    /// Two refreshes, one normal and one ended at once, on fresh instances:
    /// what the controller saw and what the host logged about done.
    private static func exitRuns(_ c: CheckContext, _ d: StyleDescriptor) throws -> [(gesture: String, driver: Driver)] {
        try [Gestures.standard, Gestures.programmatic(refresh: 0)].map { g in
            let driver = try c.driver(d)
            driver.run(g, limit: 40)
            // Let a late done arrive, if it is coming.
            driver.advance(to: driver.now + 6)
            return (Gestures.describe(g), driver)
        }
    }

    static func doneOnce(_ c: CheckContext) throws -> Outcome {
        for d in try c.styles() {
            for run in try exitRuns(c, d) {
                defer { run.driver.close() }
                let extra = run.driver.log.entries(of: .exit).filter { $0.message.contains("twice") || $0.message.contains("no exit running") }
                if let first = extra.first {
                    return .failed(expected: "done called once per exit", actual: "\(d.id): \(first.message) (at \(fmt(first.time)) s)",
                                   gesture: run.gesture)
                }
            }
        }
        return .passed("done called once per exit")
    }

    static func doneDeadline(_ c: CheckContext) throws -> Outcome {
        var longest = 0.0
        for d in try c.styles() {
            for run in try exitRuns(c, d) {
                defer { run.driver.close() }
                let events = run.driver.events.map(\.event)
                let exits = events.filter { $0 == .exitStarted }.count
                var dones: [Double] = []
                for e in events { if case let .exitDone(after) = e { dones.append(after) } }
                if events.contains(where: { if case .exitDeadlinePassed = $0 { true } else { false } }) || dones.count < exits {
                    let late = run.driver.log.entries(of: .exit).contains { $0.message.contains("after the exit deadline") }
                    return .failed(expected: "done within the 5 s exit deadline",
                                   actual: "\(d.id): " + (late ? "done came after the deadline" : "done was never called"),
                                   gesture: run.gesture)
                }
                longest = max(longest, dones.max() ?? 0)
            }
        }
        return .passed("done after at most \(fmt(longest)) s")
    }

    // MARK: reset

    static func resetRestores(_ c: CheckContext) throws -> Outcome {
        // Once per result: a failure ending (ABI 1.3) must clean up as well as a success.
        for d in try c.styles() { for kind in RefreshResult.Kind.allCases {
            let driver = try c.driver(d)
            defer { driver.close() }
            driver.controller.advance(to: 0)
            let before = driver.snapshot()
            var g = Gestures.standard
            g.result = RefreshResult(kind)
            driver.run(g)
            driver.settleAnimations()
            let after = driver.snapshot()
            if let problem = difference(before, after) {
                return .failed(expected: "every visible layer as it was after setup",
                               actual: "\(d.id), after a \(kind) ending: \(problem)", gesture: Gestures.describe(g))
            }
        } }
        return .passed("the tree after reset matches the tree after setup, after every ending")
    }

    /// Layers that put something on screen, or hold one that does: a shape
    /// or text with a colour that is not clear and an area that is not empty,
    /// not hidden, not transparent and not clipped away by a zero-size
    /// clipping ancestor. Reset is judged on these, since a layer nobody can
    /// see may keep whatever values it likes.
    static func visible(_ layers: [LayerSnapshot]) -> [LayerID: LayerSnapshot] {
        var byID: [LayerID: LayerSnapshot] = [:]
        for l in layers { byID[l.id] = l }
        func draws(_ l: LayerSnapshot) -> Bool {
            let filled = l.gradient.map { $0.stops.contains { $0.color.a > 0 } } ?? (l.fill.a > 0)
            let coloured = filled || (l.stroke.a > 0 && l[.lineWidth] > 0)
            switch l.kind {
            case .group: return false
            case .rect, .ellipse: return coloured && l[.width] > 0 && l[.height] > 0
            case .path: return coloured && !l.path.isEmpty
            case .text: return (l.fill.a > 0 || (l.stroke.a > 0 && l[.lineWidth] > 0)) && !(l.text ?? "").isEmpty
            case .image: return (l.image != nil || l.fill.a > 0) && l[.width] > 0 && l[.height] > 0
            }
        }
        var result: [LayerID: LayerSnapshot] = [:]
        for l in layers where draws(l) {
            var chain: [LayerSnapshot] = []
            var current: LayerSnapshot? = l
            var shown = true
            while let x = current {
                if x[.hidden] != 0 || x[.opacity] <= 0 { shown = false; break }
                if x.id != l.id && x[.clipsToBounds] != 0 && (x[.width] <= 0 || x[.height] <= 0) { shown = false; break }
                chain.append(x)
                current = x.parent.flatMap { byID[$0] }
            }
            if shown { for x in chain { result[x.id] = x } }
        }
        return result
    }

    static func difference(_ before: [LayerSnapshot], _ after: [LayerSnapshot]) -> String? {
        let a = visible(before), b = visible(after)
        for layer in before {
            let old = a[layer.id]
            let new = b[layer.id]
            if old == nil && new == nil { continue }
            guard let old else { return "layer #\(layer.id) was hidden after setup and is visible after reset" }
            guard let new else { return "layer #\(layer.id) (\(old.kind)) was visible after setup and is not after reset" }
            for p in LayerProperty.allCases {
                var x = old[p], y = new[p]
                if p == .rotation {
                    let turn = 2 * Double.pi
                    x = x.truncatingRemainder(dividingBy: turn); y = y.truncatingRemainder(dividingBy: turn)
                    if x < 0 { x += turn }
                    if y < 0 { y += turn }
                    if abs(x - y) > turn - 1e-6 { continue }
                }
                if abs(x - y) > 1e-6 {
                    return "layer #\(layer.id) (\(old.kind)) \(p.name) is \(fmt(new[p], 6)), was \(fmt(old[p], 6)) after setup"
                }
            }
            if old.fill != new.fill || old.stroke != new.stroke || old.gradient != new.gradient {
                return "layer #\(layer.id) (\(old.kind)) colour differs from after setup"
            }
        }
        let known = Set(before.map(\.id))
        if let extra = after.first(where: { !known.contains($0.id) && b[$0.id] != nil }) {
            return "layer #\(extra.id) (\(extra.kind)) was made after setup and is still visible"
        }
        return nil
    }

    // MARK: long refresh

    static func longRefresh(_ c: CheckContext) throws -> Outcome {
        var details: [String] = []
        for d in try c.styles() {
            let driver = try c.driver(d, fps: 30)
            defer { driver.close() }
            let g = Gestures.programmatic(refresh: 60)
            var atTenth: (Int, Int)?
            var last = (0, 0)
            driver.controller.addObserver { _, event in
                guard case let .didStartCycle(n) = event else { return }
                let counts = (driver.animator.layerCount, driver.animator.animationCount)
                if n == 10 { atTenth = counts }
                last = counts
            }
            driver.run(g, limit: 90)
            let cycles = driver.controller.totalCycles
            guard driver.controller.state == .idle else {
                return .failed(expected: "back to idle after the refresh", actual: "\(d.id): still \(driver.controller.state)",
                               gesture: Gestures.describe(g))
            }
            if let tenth = atTenth, last.0 > tenth.0 || last.1 > tenth.1 {
                return .failed(expected: "as many layers and animations at the last cycle as at the tenth (\(tenth.0), \(tenth.1))",
                               actual: "\(d.id): \(last.0) layers and \(last.1) animations at cycle \(cycles)",
                               gesture: Gestures.describe(g))
            }
            details.append("\(d.id): \(cycles) cycles")
        }
        return .passed(details.joined(separator: "; "))
    }

    // MARK: soak

    static func soak(_ c: CheckContext) throws -> Outcome {
        let total = c.strictness >= 8 ? 1000 : max(20, 40 * c.strictness)
        let warm = max(10, total / 10)
        var details: [String] = []
        for d in try c.styles() {
            let driver = try c.driver(d, fps: 10)
            defer { driver.close() }
            var at: (layers: Int, animations: Int, rss: Int) = (0, 0, 0)
            for n in 1...total {
                driver.controller.beginRefreshing()
                driver.controller.endRefreshing()
                let limit = driver.now + 30
                repeat { driver.advance(to: driver.now + 0.1) } while !(driver.controller.isAtRest) && driver.now < limit
                guard driver.controller.state == .idle else {
                    return .failed(expected: "each refresh back to idle", actual: "\(d.id): refresh \(n) still \(driver.controller.state) after 30 s",
                                   gesture: "\(n) x programmatic start and immediate end")
                }
                if n == warm { at = (driver.animator.layerCount, driver.animator.animationCount, residentBytes()) }
            }
            let layers = driver.animator.layerCount, animations = driver.animator.animationCount
            let grown = residentBytes() - at.rss
            let allowed = (2 << 20) + (8 << 10) * (total - warm) // 2 MiB + 8 KiB a refresh
            let gesture = "\(total) x programmatic start and immediate end, 10 fps"
            if layers > at.layers {
                return .failed(expected: "\(at.layers) layers after refresh \(total), as after refresh \(warm)",
                               actual: "\(d.id): \(layers) layers (\(layers - at.layers) more)", gesture: gesture)
            }
            if animations > at.animations {
                return .failed(expected: "\(at.animations) live animations after refresh \(total), as after refresh \(warm)",
                               actual: "\(d.id): \(animations) live animations", gesture: gesture)
            }
            if grown > allowed {
                return .failed(expected: "resident memory growing by less than \(allowed >> 10) KiB over refreshes \(warm)-\(total)",
                               actual: "\(d.id): it grew by \(grown >> 10) KiB (\((grown / (total - warm)) >> 10) KiB per refresh)",
                               gesture: gesture)
            }
            details.append("\(d.id): \(total) refreshes, \(layers) layers, \(animations) animations, RSS +\(max(0, grown) >> 10) KiB")
        }
        return .passed(details.joined(separator: "; "))
    }

    /// Resident set size of this process, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        withUnsafeMutablePointer(to: &size) { s in
            withUnsafeMutablePointer(to: &resident) { r in
                _ = withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) }
            }
        }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    // MARK: instances

    /// Layers with ids replaced by their place in draw order, so runs in
    /// different trees compare: a layer's own, its parent's and its mask's
    /// (a mask is a child, made whenever the style makes it, so in a tree
    /// shared with other instances its id is theirs to shift).
    static func normalized(_ layers: [LayerSnapshot]) -> [LayerSnapshot] {
        var index: [LayerID: LayerID] = [:]
        for (i, l) in layers.enumerated() { index[l.id] = LayerID(i + 1) }
        return layers.map { l in
            var copy = l
            copy.id = index[l.id]!
            copy.parent = l.parent.flatMap { index[$0] }
            if let mask = l.mask { copy.mask = LayerMask(layer: index[mask.layer] ?? 0, mode: mask.mode) }
            return copy
        }
    }

    static func instances(_ c: CheckContext) throws -> Outcome {
        let first = Gestures.standard
        var second = Gestures.programmatic(refresh: 1.2)
        second.startTime = 0.3
        var third = Gesture()
        third.startTime = 0.1
        third.pullDuration = 0.4
        third.refreshDuration = 0.5
        let duration = first.endTime + 8
        for d in try c.styles() {
            third.pullDistance = d.metrics.height * 0.8
            func solo() throws -> [[LayerSnapshot]] {
                let driver = try c.driver(d)
                defer { driver.close() }
                first.schedule(on: driver.controller)
                var frames: [[LayerSnapshot]] = []
                for frame in 1...Int(duration * 60) {
                    driver.controller.advance(to: Double(frame) / 60)
                    frames.append(normalized(driver.snapshot()))
                }
                return frames
            }
            let alone = try solo()
            guard try solo() == alone else {
                return .skipped("\(d.id) does not replay the same twice alone (see determinism.replay)")
            }
            let tree = LayerTree(timeline: Timeline())
            let drivers = try [c.driver(d, tree: tree), c.driver(d, tree: tree), c.driver(d, tree: tree)]
            defer { drivers.forEach { $0.close() } }
            first.schedule(on: drivers[0].controller)
            second.schedule(on: drivers[1].controller)
            third.schedule(on: drivers[2].controller)
            var frame = 0
            var time = 0.0
            while frame < alone.count {
                frame += 1
                time = Double(frame) / 60
                for driver in drivers { driver.controller.advance(to: time) }
                let mine = normalized(drivers[0].snapshot())
                if mine != alone[frame - 1] {
                    return .failed(expected: "instance 1's layers as when it runs alone",
                                   actual: "\(d.id): they differ at \(fmt(time)) s, with instances 2 and 3 running",
                                   gesture: "instance 1: \(Gestures.describe(first)); 2: \(Gestures.describe(second)) at 0.3 s; 3: pull to 0.8 x height at 0.1 s and release")
                }
            }
        }
        return .passed("three instances stay independent")
    }

    // MARK: destroy

    static func destroyMidRefresh(_ c: CheckContext) throws -> Outcome {
        for d in try c.styles() {
            let m = d.metrics
            let cycleEnd = m.cycleDelay + m.cycleDuration
            // Mid-cycle, just after the exit began, and while resetting.
            let moments: [(String, (Driver) -> Bool)] = [
                ("mid-cycle", { $0.now >= cycleEnd / 2 }),
                ("mid-exit", { $0.controller.state == .exiting || $0.now > cycleEnd + 0.05 }),
                ("resetting", { $0.controller.state == .resetting }),
            ]
            for (name, moment) in moments {
                let tree = LayerTree(timeline: Timeline())
                let driver = try c.driver(d, tree: tree)
                var g = Gestures.programmatic(refresh: 0)
                g.refreshDuration = 0
                g.schedule(on: driver.controller)
                let limit = 20.0
                while !moment(driver) && driver.now < limit { driver.advance(to: driver.now + 1 / driver.fps) }
                let state = driver.controller.state
                // Only what happens from destroy on is this check's business.
                let before = driver.log.entries.count
                driver.close()
                tree.timeline.advance(to: driver.now + 15)
                let gesture = "programmatic start, immediate end, destroy \(name) (\(state)) at \(fmt(driver.now)) s"
                let reports = driver.log.entries.dropFirst(before).filter { $0.kind == .exit || $0.kind == .misuse }
                if let first = reports.first {
                    return .failed(expected: "a clean destroy", actual: "\(d.id): \(first.message)", gesture: gesture)
                }
                if tree.layerCount != 0 || tree.animationCount != 0 {
                    return .failed(expected: "no layers or animations left", actual: "\(d.id): \(tree.layerCount) layer(s), \(tree.animationCount) animation(s) left",
                                   gesture: gesture)
                }
            }
        }
        return .passed("destroyed mid-cycle, mid-exit and resetting, cleanly")
    }
}
