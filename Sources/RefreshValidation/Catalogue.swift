/// THE list of checks: every check the validator runs, in the order it runs
/// them, each with its id, group, strictness level and documentation.
/// `--list-checks` prints it, the README's Validation section is checked
/// against it by a test, and nothing else lists checks.
public enum Catalogue {
    public static let checks: [Check] = [
        // Loading: the library opens, has an entry, speaks our ABI, exports only the entry, links sensibly, loads fast.
        Check("loading.dlopen", .loading, level: 1, """
            The file is an ELF shared object and dlopen(RTLD_NOW | RTLD_LOCAL) succeeds: every symbol it needs \
            resolves at load time, so a missing dependency fails here and not in the middle of an animation.
            """, LoadingChecks.dlopen),
        Check("loading.entry", .loading, level: 1, """
            The library defines rh_entry (dlsym finds it) and rh_entry() returns a non-NULL table.
            """, LoadingChecks.entry),
        Check("loading.abi-version", .loading, level: 1, """
            The entry's abi_version is one this host speaks: the same major, and a minor no newer than the host's. \
            The host reads nothing else of the entry before this passes.
            """, LoadingChecks.abiVersion),
        Check("loading.entry-table", .loading, level: 1, """
            The entry table is complete: struct_size at least ABI 1.0's, style_count, style_descriptor and create \
            present, init (if any) returns true, and style_count() is at least 1.
            """, LoadingChecks.entryTable),
        Check("loading.exports", .loading, level: 2, """
            Warning: the library exports symbols other than rh_entry. Every plugin exports the same entry name; \
            anything else it exports can clash with the host or another plugin (build with -fvisibility=hidden, \
            or a linker version script for Swift). The markers some linkers add to every object (_edata, _end, \
            __bss_start, _init, _fini) do not count.
            """, LoadingChecks.exports),
        Check("loading.linkage", .loading, level: 3, """
            Lists what the library links against (DT_NEEDED). Warning: it carries a statically linked Swift or C++ \
            runtime (it defines swift_retain, __cxa_throw, ...), a second copy of a runtime the host or another \
            plugin already has.
            """, LoadingChecks.linkage),
        Check("loading.unlinked-symbols", .loading, level: 2, """
            Warning: the library uses a symbol that none of the libraries it links (its DT_NEEDED entries and \
            theirs) defines, so it loads only because the host happened to load a library that has it (sinf \
            without -lm: libm came with the host). A host that does not load that library cannot load the plugin. \
            The warning names each symbol, the library that supplied it and the link flag to add; weak references \
            do not count.
            """, UnlinkedSymbols.check),
        Check("loading.time", .loading, level: 4, """
            Warning: opening the library, calling its entry and init and reading its descriptors takes longer \
            than 100 ms (not counting time the thread waited for a CPU), which every program that lists plugins pays.
            """, LoadingChecks.loadTime),
        // Descriptors, read raw from the library before the host tidies them.
        Check("descriptors.strings", .descriptors, level: 1, """
            Every descriptor is non-NULL with struct_size at least ABI 1.0's; id, name and version are present, \
            valid UTF-8 and of sane length (id a reverse-DNS name of at most 255 bytes, name at most 64, version \
            at most 32, description at most 512, tags at most 32 of 64 bytes each); none holds a control \
            character (C0 or DEL: the host shows them written out, never raw).
            """, DescriptorChecks.strings),
        Check("descriptors.ranges", .descriptors, level: 1, """
            Every descriptor's numbers are in range: height in (1, 1000], cycle_duration in [0.01, 60], cycle_delay \
            in [0, 60], a known cycle curve (spring damping in (0, 1] and velocity in [-100, 100] for SPRING), \
            a known presentation and anchor; and whatever else the host checks as it reads a descriptor, ABI \
            1.3's among it (trigger distance, maximum pull, trigger, physics, flags, parameters, announcements), \
            with the reason it refused the style.
            """, DescriptorChecks.ranges),
        Check("descriptors.unique-ids", .descriptors, level: 1, """
            No two styles of the library share an id: create() is asked by id, so the second could never be made.
            """, DescriptorChecks.uniqueIDs),
        Check("descriptors.placeholder-id", .descriptors, level: 1, """
            Warning: an id is still a placeholder (com.example.*, org.example.*, net.example.*, example.*), as \
            `refresh-host new` writes it: every plugin that kept it has the same id, and only the first one found \
            is ever run.
            """, DescriptorChecks.placeholderIDs),
        Check("descriptors.drawn-features", .descriptors, level: 1, """
            Warning: a style made from a designer's file (a Lottie file) says its file has features the style \
            does not draw, or draws otherwise (a Gaussian Blur, Merge Paths, a text layer): each is listed with \
            its layer and frames. The style loads and draws the rest, as the mobile players do; \
            `--strict-features` makes this a failure.
            """, DescriptorChecks.drawnFeatures),
        Check("descriptors.unknown-id", .descriptors, level: 2, """
            create() with an id the library does not list returns NULL, as the header requires, instead of \
            making some other style.
            """, DescriptorChecks.unknownID),
        // Lifecycle: the documented calls, done, reset, long runs, several instances, destroy.
        Check("lifecycle.order", .lifecycle, level: 1, """
            A pull-release-refresh-end gesture and a programmatic refresh: setup returns true, the calls arrive in \
            the documented order (setup first; no pull while refreshing, exiting or resetting; \
            state_changed(REFRESHING) before the first setup_for_cycle; setup_for_cycle before every cycle; exit \
            after the last cycle; reset after exit; destroy last) and the controller is back at idle afterwards. \
            The programmatic refresh is ended halfway through its first cycle: that cycle still runs to its full \
            duration, exactly one cycle runs, and the exit starts right after it.
            """, LifecycleChecks.order),
        Check("lifecycle.done-once", .lifecycle, level: 1, """
            The exit's done is called at most once per exit (the host ignores and reports a second call), for a \
            refresh that ends normally and one that ends immediately.
            """, LifecycleChecks.doneOnce),
        Check("lifecycle.done-deadline", .lifecycle, level: 1, """
            The exit's done arrives before the host's 5 s exit deadline, for a refresh that ends normally and \
            one that ends immediately (end requested in the same instant it started).
            """, LifecycleChecks.doneDeadline),
        Check("lifecycle.reset-restores", .lifecycle, level: 3, """
            After a whole refresh, for each result (success, failure, no-more: each ending must clean up), once \
            reset has run and animations have settled, every visible layer is back to its state after setup (values within 1e-6, rotations modulo 2 pi, colours) and no new visible \
            layer remains. Visible: it draws something (a shape or text with a colour that is not clear and an \
            area that is not empty, or a group holding one) and is not hidden, transparent or clipped away by a \
            zero-size clipping ancestor; what nobody can see may keep any value.
            """, LifecycleChecks.resetRestores),
        Check("lifecycle.footer", .lifecycle, level: 2, """
            A style that declares RH_STYLE_FOOTER (ABI 1.3) loads clean at the bottom edge: a pull up to load \
            more ending in success, failure and no more data each runs its exit to done with no call the host \
            refuses; no more data leaves it in RH_STATE_NO_MORE, and once reset (new content) it closes back to \
            its state after setup, as after every load. A style that does not declare it passes.
            """, FooterChecks.footer),
        Check("lifecycle.long-refresh", .lifecycle, level: 3, """
            One refresh held for 60 s of virtual time (120 cycles of a 0.5 s style) on 30 fps frames: the style \
            survives every cycle, and its layers and live animations are as many at the last cycle as at the \
            tenth, so cycles do not pile anything up.
            """, LifecycleChecks.longRefresh),
        Check("lifecycle.soak", .lifecycle, level: 4, """
            Many refreshes in a row on one instance (200 at strictness 5, 1,000 from strictness 8; a programmatic \
            start and an immediate end each, on 10 fps virtual frames) leave no growth: the same number of \
            layers and live animations after the first tenth and at the end, and resident memory (from \
            /proc/self/statm) growing by less than 2 MiB + 8 KiB per refresh.
            """, LifecycleChecks.soak),
        Check("lifecycle.instances", .lifecycle, level: 5, """
            Three instances of a style at once in one layer tree, each with a different gesture: the first \
            instance's layers, frame by frame, are exactly what they are when it runs alone. Instances must not \
            share mutable state.
            """, LifecycleChecks.instances),
        Check("lifecycle.destroy-mid-refresh", .lifecycle, level: 2, """
            destroy() in the middle of a cycle, in the middle of the exit and while resetting is clean: no crash, \
            no host service or done called during or after destroy, no completion delivered afterwards, and the \
            instance's layers and animations are gone.
            """, LifecycleChecks.destroyMidRefresh),
        Check("lifecycle.races", .lifecycle, level: 2, """
            The races pull-to-refresh libraries ship as bugs, each on a fresh instance: a refresh that ends in \
            the frame it starts, an end before a programmatic start has settled, a start during the exit, a start \
            while the header closes, a second start while refreshing, and disabling mid-refresh. Every start is \
            run or refused with a reason (a start during the exit or the closing waits for idle), every refresh \
            that starts ends, the controller is back at idle with the header closed, and the style's exit calls \
            done within the exit deadline every time (a style that assumes a refresh lasts leaves its header stuck).
            """, RaceChecks.check),
        // Accessibility: what a screen reader hears, what reduce-motion shows.
        Check("accessibility.announcements", .accessibility, level: 2, """
            A refresh ended with each result (success, failure, no more data) is announced when it starts and \
            when it ends, with the style's rh_announcements_t or the host's defaults ("Refreshing", "Refreshed", \
            "Refresh failed", "No more data"): an empty string there silences an announcement a screen-reader \
            user needs.
            """, AccessibilityChecks.announcements),
        Check("accessibility.reduce-motion", .accessibility, level: 3, """
            With reduce-motion on, a style that declares RH_STYLE_REDUCED_MOTION moves no visible layer faster \
            than 60 pt/s (RH_REDUCED_MOTION_MAX_SPEED) and turns none faster than 1 rad/s \
            (RH_REDUCED_MOTION_MAX_TURN) on any frame of a pull and refresh, measured on screen relative to the \
            style's root (over half a frame at least, the turn from the layer's transform whatever its scale), \
            while the header is on screen (a pull of at least 0.5 pt: what a style does \
            while closed, such as reset's snap back, nobody sees). A style that does not declare it passes, with its fastest move and turn reported.
            """, AccessibilityChecks.reduceMotion),
        // Determinism: the virtual clock makes a run a function of its input.
        Check("determinism.replay", .determinism, level: 2, """
            The same gesture on two fresh instances gives the same layer tree (every layer, every value, \
            every colour) at every frame. A style must read time from the host's now(), never the wall \
            clock, and must not draw from an unseeded random source.
            """, DeterminismChecks.replay),
        // Values: nothing non-finite reaches a layer; host services used as documented.
        Check("values.finite", .values, level: 1, """
            No NaN or infinite value ever reaches a layer: every value and colour on screen is finite at every \
            frame of a gesture and a programmatic refresh, and the host never had to refuse a NaN or infinite \
            value (layer_set, a path point, a gradient).
            """, ValueChecks.finite),
        Check("values.misuse", .values, level: 2, """
            The host reported no misuse of its services during a gesture and a programmatic refresh, on two \
            instances made one after the other (so a host pointer kept from a destroyed instance shows): no \
            unknown or foreign layer handle, no call after destroy, no call from another thread, no out-of-range \
            value, no animate block left open. (Non-finite values are values.finite's, refused assets \
            values.assets', images past the byte limit budgets.images'.)
            """, ValueChecks.misuse),
        Check("values.no-effect", .values, level: 3, """
            Every value the style sets during a gesture and a programmatic refresh is one its layer's kind \
            draws (ABI 1.2's RH_WARN_NO_EFFECT): no stroke properties or stroke colour on a group or image, \
            no fill colour on a group, no fill rule but on a path, no font properties but on text, no contents \
            properties but on an image. The host stores such a value and draws nothing; a warning, since \
            it is usually a slip (a font size set on the wrong layer).
            """, ValueChecks.noEffect),
        Check("values.parameters", .values, level: 2, """
            Every value a style declares for its parameters (ABI 1.3) runs clean: each parameter in turn set to \
            its range's ends, middle and default (a number), its default, clear and white (a colour), both \
            values (a boolean), each choice, or its default, empty, 255 bytes and non-ASCII text, the others at \
            their defaults, through a gesture and a programmatic refresh: nothing non-finite on screen, no \
            call the host refuses, every exit's done. At most 160 runs; a style with no parameters passes.
            """, ParameterChecks.everyValue),
        Check("values.assets", .values, level: 1, """
            Every PNG asset the style asks for with image_load (ABI 1.2) loads, while an instance is made and \
            during a gesture and a programmatic refresh: a path inside the folder that holds the plugin's .so, \
            a PNG that decodes, within the size and byte limits. A refused load fails, naming the file and why.
            """, ImageChecks.assets),
        // Fuzzing: random interactions from a printed, replayable seed.
        Check("fuzzing.gestures", .fuzzing, level: 5, """
            Random interactions on fresh instances (20 rounds at strictness 5, scaled with strictness; up to 30 \
            steps each): pulls with jitter and reversals, releases below and above the trigger, programmatic \
            starts and ends at odd moments (in the same frame as a start, during the exit and the closing, with \
            each result), and the control disabled and enabled again mid-refresh. After every frame every value on screen is finite and the host has \
            reported no misuse of its services (values.finite and values.misuse, on paths a plain gesture never \
            takes); at the end the refresh is ended and the controller must come back to \
            idle. Seeded: a failure prints the seed, the round and the steps, and --seed replays them.
            """, FuzzChecks.gestures),
        // Budgets: time per callback, layers per instance.
        Check("budgets.callback-time", .budgets, level: 6, """
            Time inside each plugin callback, measured by the dispatcher over a gesture and a programmatic \
            refresh (wall time less what the thread waited for a CPU, from the kernel's schedstat), repeated 3 times (5 from strictness 8) on fresh instances. For each callback the longest \
            call of each run is taken and the median of those is judged, and a callback over the frame budget \
            is measured a second time and must be over it again, so a scheduler hiccup on a busy machine does \
            not count. Callbacks that run in frames (pull, state_changed, setup_for_cycle, cycle, \
            exit, reset, tick, completions): warning over 1 ms, failure over one frame at 60 Hz (16.7 ms). \
            Once-per-instance calls (create, setup, destroy): warning over 100 ms.
            """, BudgetChecks.callbackTime),
        Check("budgets.layers", .budgets, level: 3, """
            Layers one instance holds at any frame of a gesture and a programmatic refresh: warning over 256, \
            failure over 1,024 (the host's hard limit is 4,096).
            """, BudgetChecks.layers),
        Check("budgets.images", .budgets, level: 3, """
            Image bytes one instance holds (ABI 1.2: its live images, and released ones a layer still shows) at \
            any frame of a gesture and a programmatic refresh: warning over 16 MiB; failure when the host refused \
            an image for the 64 MiB limit (RH_IMAGE_MAX_BYTES).
            """, ImageChecks.imageBytes),
    ]

    public static func check(_ id: String) -> Check? { checks.first { $0.id == id } }

    /// Checks whose id matches `pattern`: an exact id, a group (`lifecycle`),
    /// or a glob with `*` (`lifecycle.done-*`). Several patterns: comma separated.
    public static func matching(_ pattern: String?) -> [Check] {
        guard let pattern, !pattern.isEmpty else { return checks }
        let parts = pattern.split(separator: ",").map { String($0).trimmingSpaces() }
        return checks.filter { check in
            parts.contains { p in check.id == p || check.group.rawValue == p || glob(p, check.id) }
        }
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// The catalogue as `validate --list-checks` prints it: each check, its group and level, and what it checks.
    public static var listing: String {
        checks.map { "\($0.id)  (\($0.group.rawValue), level \($0.level))\n    " + $0.documentation }.joined(separator: "\n")
    }

    /// The catalogue as Markdown: the README's Validation table.
    public static var markdown: String {
        var lines = ["| check | level | what it checks |", "| --- | --- | --- |"]
        // A bare | would end the cell.
        for c in checks {
            let text = c.documentation.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
            lines.append("| `\(c.id)` | \(c.level) | \(text) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
