import ArgumentParser
import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshDiscovery

/// What the run decides over the style (ABI 1.3): physics, trigger policy,
/// presentation, theme, reduce-motion and the style's typed parameters,
/// shared by `run`, `render` and `gallery`. Each is nil unless given, so the
/// style's own choice (or the host's default) holds.
struct EnvironmentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scroll physics: ios, material, android-stretch or smart (default: the style's, else ios).",
                               valueName: "name"), completion: .list(Physics.allCases.map(\.description)))
    var physics: String?
    @Option(help: ArgumentHelp("When a pull starts a refresh: release or reach (default: the style's, else release).",
                               valueName: "policy"), completion: .list(["release", "reach"]))
    var trigger: String?
    @Option(help: ArgumentHelp("How the header shows: translate, behind or front (default: the style's).", valueName: "name"),
            completion: .list(["translate", "behind", "front"]))
    var presentation: String?
    @Option(help: ArgumentHelp("The app's colours for themeable styles: PRIMARY[,ACCENT[,BACKGROUND]] as #RRGGBB.",
                               valueName: "colours"))
    var theme: String?
    @Flag(help: "Dark mode: the dark theme's colours (with --theme, its colours in dark mode).")
    var dark = false
    @Flag(name: .customLong("reduce-motion"), help: "Ask the style for its calm variant, as a phone's Reduce Motion does.")
    var reduceMotion = false
    @Option(help: ArgumentHelp(
        "header, footer (pull up at the end of the list to load more) or auto-footer (loads as soon as it is in view, no release needed); a footer needs a style that declares RH_STYLE_FOOTER (default: header).",
        valueName: "edge"), completion: .list(["header", "footer", "auto-footer"]))
    var edge: String?
    @Option(name: .customLong("param"), parsing: .singleValue,
            help: ArgumentHelp("Set one of the style's parameters (repeatable; `info` lists them).", valueName: "name=value"))
    var params: [String] = []

    func validate() throws {
        if let physics, Physics(name: physics) == nil {
            throw ValidationError("--physics \(physics): expected one of " + Physics.allCases.map(\.description).joined(separator: ", "))
        }
        if let trigger, TriggerPolicy(name: trigger) == nil {
            throw ValidationError("--trigger \(trigger): expected release or reach")
        }
        if let edge, !["header", "footer", "auto-footer"].contains(edge) {
            throw ValidationError("--edge \(edge): expected header, footer or auto-footer")
        }
        if edge == "auto-footer", let trigger, TriggerPolicy(name: trigger) != .onReach {
            throw ValidationError("--edge auto-footer loads on reach: leave out --trigger \(trigger)")
        }
        if let presentation, Presentation(name: presentation) == nil {
            throw ValidationError("--presentation \(presentation): expected translate, behind or front")
        }
        if theme != nil, themeValue == nil {
            throw ValidationError("--theme \(theme!): expected PRIMARY[,ACCENT[,BACKGROUND]], each #RGB or #RRGGBB")
        }
        for p in params where !p.contains("=") || p.hasPrefix("=") {
            throw ValidationError("--param \(p): expected NAME=VALUE")
        }
    }

    private var themeValue: Theme? {
        var t = dark ? Theme.dark : Theme.light
        guard let theme else { return t }
        let colours = theme.split(separator: ",", omittingEmptySubsequences: false).map { StyleParameter.color(String($0)) }
        guard (1...3).contains(colours.count), colours.allSatisfy({ $0 != nil }) else { return nil }
        t.primary = colours[0]!
        if colours.count > 1 { t.accent = colours[1]! }
        if colours.count > 2 { t.background = colours[2]! }
        return t
    }

    /// Valid after `validate()`.
    var settings: RunSettings {
        // An auto footer (MJRefresh's) starts loading when it is fully in view: on reach.
        RunSettings(physics: physics.flatMap(Physics.init(name:)),
                    trigger: edge == "auto-footer" ? .onReach : trigger.flatMap(TriggerPolicy.init(name:)),
                    presentation: presentation.flatMap(Presentation.init(name:)),
                    edge: edge == nil || edge == "header" ? .top : .bottom, reduceMotion: reduceMotion,
                    theme: themeValue ?? .light)
    }

    /// What the options ask of `descriptor` that it cannot give: a footer it
    /// does not declare, a parameter it does not have or a value outside it.
    func check(_ descriptor: StyleDescriptor) throws {
        if settings.edge == .bottom, !descriptor.metrics.supportsFooter {
            throw CLIError.usage("--edge \(edge ?? "footer"): \(descriptor.name) does not declare that it works as a footer "
                + "(RH_STYLE_FOOTER); `info` says what a style declares")
        }
        _ = try parameters(for: descriptor)
    }

    /// The --param values for `descriptor`'s declared parameters; a usage
    /// error naming the style, the parameter and what it allows otherwise.
    func parameters(for descriptor: StyleDescriptor) throws -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for p in params {
            let name = String(p.prefix { $0 != "=" })
            let text = String(p.dropFirst(name.count + 1))
            guard let declared = descriptor.parameters.first(where: { $0.id == name }) else {
                let known = descriptor.parameters.map(\.id)
                throw CLIError.usage("--param \(p): \(descriptor.name) has no parameter \(name)"
                    + (known.isEmpty ? " (it declares none)" : " (it has " + known.joined(separator: ", ") + ")"))
            }
            do { values[name] = try declared.parse(text) } catch {
                throw CLIError.usage("--param \(p): \(descriptor.name)'s \(error.message)")
            }
        }
        return values
    }

    /// The --param values for the style `name` in `registry`.
    func parameters(_ registry: PluginRegistry, style name: String) throws -> [String: ParameterValue] {
        guard let d = try? registry.lookup(name).descriptor else { return [:] }
        try check(d)
        return try parameters(for: d)
    }

    /// The gallery's second theme for themeable styles: the other mode, in
    /// colours no default shares, so the card shows the style following them.
    var secondTheme: (label: String, options: EnvironmentOptions) {
        var other = self
        other.dark.toggle()
        other.theme = dark ? "#AF52DE,#FF9500,#FFFFFF" : "#FF375F,#64D2FF,#1C1C1E"
        return (dark ? "light theme, purple and orange" : "dark theme, pink and cyan", other)
    }

    /// The same options as command-line arguments, for a child `refresh-host`.
    var arguments: [String] { arguments(theme: true) }

    private func arguments(theme withTheme: Bool) -> [String] {
        var result: [String] = []
        if let physics { result += ["--physics", physics] }
        if let trigger { result += ["--trigger", trigger] }
        if let presentation { result += ["--presentation", presentation] }
        if withTheme, let theme { result += ["--theme", theme] }
        if withTheme, dark { result.append("--dark") }
        if reduceMotion { result.append("--reduce-motion") }
        if let edge { result += ["--edge", edge] }
        for p in params { result += ["--param", p] }
        return result
    }
}
