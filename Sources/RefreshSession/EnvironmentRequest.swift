import RefreshHostController
import RefreshPluginRuntime

/// What a run decides over the style (ABI 1.3), as the user wrote it: physics,
/// trigger policy, presentation, theme, dark mode, reduce-motion, the edge and
/// the style's typed parameters. Each is nil (or off) unless given, so the
/// style's own choice, or the host's default, holds.
public struct EnvironmentRequest: Equatable, Sendable {
    public var physics: String?
    public var trigger: String?
    public var presentation: String?
    /// PRIMARY[,ACCENT[,BACKGROUND]], each #RGB or #RRGGBB.
    public var theme: String?
    public var dark = false
    public var reduceMotion = false
    /// header, footer or auto-footer.
    public var edge: String?
    /// NAME=VALUE, in the order given.
    public var params: [String] = []

    public init() {}

    /// What is wrong with the values as given (a name it does not know, a form it does not take,
    /// an auto footer with a trigger other than reach), one line naming the option; nil when nothing is.
    public var problem: String? {
        if let physics, Physics(name: physics) == nil {
            return "--physics \(physics): expected one of " + Physics.allCases.map(\.description).joined(separator: ", ")
        }
        if let trigger, TriggerPolicy(name: trigger) == nil { return "--trigger \(trigger): expected release or reach" }
        if let edge, !["header", "footer", "auto-footer"].contains(edge) {
            return "--edge \(edge): expected header, footer or auto-footer"
        }
        if edge == "auto-footer", let trigger, TriggerPolicy(name: trigger) != .onReach {
            return "--edge auto-footer loads on reach: leave out --trigger \(trigger)"
        }
        if let presentation, Presentation(name: presentation) == nil {
            return "--presentation \(presentation): expected translate, behind or front"
        }
        if let theme, Self.theme(theme, dark: dark) == nil {
            return "--theme \(theme): expected PRIMARY[,ACCENT[,BACKGROUND]], each #RGB or #RRGGBB"
        }
        if let p = params.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) { return "--param \(p): expected NAME=VALUE" }
        return nil
    }

    /// The theme `text` names over the light or dark one, or nil when it is not colours.
    public static func theme(_ text: String?, dark: Bool) -> Theme? {
        var t = dark ? Theme.dark : Theme.light
        // --dark chooses the mode; without it light is the host's default, not a choice.
        if dark { t.given.insert(.dark) }
        guard let text else { return t }
        let colours = text.split(separator: ",", omittingEmptySubsequences: false).map { StyleParameter.color(String($0)) }
        guard (1...3).contains(colours.count), colours.allSatisfy({ $0 != nil }) else { return nil }
        t.primary = colours[0]!
        t.given.insert(.primary)
        if colours.count > 1 { t.accent = colours[1]!; t.given.insert(.accent) }
        if colours.count > 2 { t.background = colours[2]!; t.given.insert(.background) }
        return t
    }

    /// The run's settings (names already checked by the command line; one it does not know is the style's choice).
    public var settings: RunSettings {
        // An auto footer (MJRefresh's) starts loading when it is fully in view: on reach.
        RunSettings(physics: physics.flatMap(Physics.init(name:)),
                    trigger: edge == "auto-footer" ? .onReach : trigger.flatMap(TriggerPolicy.init(name:)),
                    presentation: presentation.flatMap(Presentation.init(name:)),
                    edge: edge == nil || edge == "header" ? .top : .bottom, reduceMotion: reduceMotion,
                    theme: Self.theme(theme, dark: dark) ?? .light)
    }

    /// The session settings this environment chooses (viewport and timing come from the caller).
    public var sessionSettings: SessionSettings {
        var s = SessionSettings()
        s.run = settings
        for p in params {
            let name = String(p.prefix { $0 != "=" })
            s.parameters[name] = String(p.dropFirst(name.count + 1))
        }
        return s
    }

    /// What this asks of `descriptor` that it cannot give: a footer it does not
    /// declare, a parameter it does not have or a value outside it (a request, 2).
    public func check(_ descriptor: StyleDescriptor) throws(SessionFailure) {
        if settings.edge == .bottom, !descriptor.metrics.supportsFooter {
            throw .reported(.request, "--edge \(edge ?? "footer"): \(descriptor.name) does not declare that it works as a footer "
                + "(RH_STYLE_FOOTER); `info` says what a style declares")
        }
        _ = try parameters(for: descriptor)
    }

    /// The --param values for `descriptor`'s declared parameters; a request
    /// failure naming the style, the parameter and what it allows otherwise.
    public func parameters(for descriptor: StyleDescriptor) throws(SessionFailure) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for p in params {
            let name = String(p.prefix { $0 != "=" })
            let text = String(p.dropFirst(name.count + 1))
            guard let declared = descriptor.parameters.first(where: { $0.id == name }) else {
                let known = descriptor.parameters.map(\.id)
                throw .reported(.request, "--param \(p): \(descriptor.name) has no parameter \(name)"
                    + (known.isEmpty ? " (it declares none)" : " (it has " + known.joined(separator: ", ") + ")"))
            }
            do { values[name] = try declared.parse(text) } catch {
                throw .reported(.request, "--param \(p): \(descriptor.name)'s \(error.message)")
            }
        }
        return values
    }

    /// The gallery's second theme for themeable styles: the other mode, in
    /// colours no default shares, so the card shows the style following them.
    public var secondTheme: (label: String, request: EnvironmentRequest) {
        var other = self
        other.dark.toggle()
        other.theme = dark ? "#AF52DE,#FF9500,#FFFFFF" : "#FF375F,#64D2FF,#1C1C1E"
        return (dark ? "light theme, purple and orange" : "dark theme, pink and cyan", other)
    }
}
