import ArgumentParser
import RefreshHostController
import RefreshSession

/// What the run decides over the style (ABI 1.3): physics, trigger policy,
/// presentation, theme, reduce-motion and the style's typed parameters,
/// shared by `run`, `render` and `gallery` (EnvironmentRequest holds what they mean).
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
        if let problem = request.problem { throw ValidationError(problem) }
    }

    /// The options as values (their names and forms checked by `validate()`).
    var request: EnvironmentRequest {
        var r = EnvironmentRequest()
        (r.physics, r.trigger, r.presentation, r.theme, r.edge) = (physics, trigger, presentation, theme, edge)
        (r.dark, r.reduceMotion, r.params) = (dark, reduceMotion, params)
        return r
    }
}
