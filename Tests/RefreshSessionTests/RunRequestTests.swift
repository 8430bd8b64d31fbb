import RefreshExitStatus
import RefreshHostController
import RefreshPluginRuntime
import RefreshSession
import Testing

/// The scripted gesture and the environment as a command line gives them,
/// turned into the gesture, the viewport and the session's settings.
@Suite struct RunRequestTests {
    static func descriptor(footer: Bool = false, parameters: [StyleParameter] = []) -> StyleDescriptor {
        var d = StyleDescriptor(id: "com.example.drop", name: "Drop", version: "1",
                                metrics: StyleMetrics(height: 60, cycleDuration: 1, supportsFooter: footer))
        d.parameters = parameters
        return d
    }

    @Test("nothing given: the default gesture (a 0.6 s pull, no hold, a 2.5 s refresh, success) in 375x300")
    func defaults() {
        let request = GestureRequest()
        let gesture = request.gesture
        #expect(gesture.start == .pull && gesture.pullDistance == nil)
        #expect(gesture.pullDuration == 0.6 && gesture.hold == 0 && gesture.refreshDuration == 2.5)
        #expect(gesture.result == RefreshResult(.success, message: nil))
        #expect(request.viewport == Viewport("375x300") && request.exitDeadlineSeconds == 5)
        #expect(request.scriptedOptions.isEmpty)
    }

    @Test("given values reach the gesture; the finger from one fraction of the width to another")
    func given() {
        var request = GestureRequest()
        (request.pull, request.hold, request.programmatic) = (90, 0.5, true)
        (request.result, request.message, request.finger) = ("no-more", "all read", "0.1,0.9")
        let gesture = request.gesture
        #expect(gesture.start == .programmatic && gesture.pullDistance == 90 && gesture.hold == 0.5)
        #expect(gesture.result == RefreshResult(.noMore, message: "all read"))
        #expect(gesture.fingerFraction == 0.1 && gesture.fingerEndFraction == 0.9)
        #expect(request.scriptedOptions == ["--pull", "--hold", "--programmatic", "--finger"])
        #expect(GestureRequest.fingerFractions("0.3")! == (0.3, nil))
        #expect(GestureRequest.fingerFractions("1.2") == nil && GestureRequest.fingerFractions("0.1,0.2,0.3") == nil)
        #expect(Viewport("375X300")?.height == 300 && Viewport("9x300") == nil && Viewport("375") == nil)
    }

    @Test("the default pull must fit the viewport (a request, 2); a pull short of the height is a warning")
    func styleChecks() throws {
        var request = GestureRequest()
        request.size = "375x80"
        do {
            _ = try request.check(styleHeight: 60, styleName: "Drop")
            Issue.record("a pull taller than the viewport passed")
        } catch {
            #expect(error.exitStatus == .usage)
            #expect(error.description == "--size 375x80: the viewport must be taller than the pull, 90 pt (1.5 x Drop's 60 pt header); "
                + "use a taller --size or a shorter --pull")
        }
        request.size = nil
        request.pull = 40
        #expect(try request.check(styleHeight: 60, styleName: "Drop")
                == "--pull 40: short of Drop's 60 pt threshold; the refresh will not start")
        request.programmatic = true
        #expect(try request.check(styleHeight: 60, styleName: "Drop") == nil)
    }

    @Test("the theme: up to three colours over the light or dark one; anything else is not a theme")
    func theme() {
        let t = EnvironmentRequest.theme("#FF0000,#00F", dark: true)
        #expect(t?.primary == StyleParameter.color("#FF0000") && t?.accent == StyleParameter.color("#00F"))
        #expect(t?.background == Theme.dark.background)
        #expect(EnvironmentRequest.theme(nil, dark: false) == Theme.light)
        #expect(EnvironmentRequest.theme("red", dark: false) == nil)
        #expect(EnvironmentRequest.theme("#000,#000,#000,#000", dark: false) == nil)
    }

    @Test("settings: an auto footer triggers on reach at the bottom edge; --param values reach the session as written")
    func settings() {
        var request = EnvironmentRequest()
        (request.edge, request.physics, request.params) = ("auto-footer", "material", ["size=3", "mode=a=b"])
        let settings = request.sessionSettings
        #expect(settings.run.edge == .bottom && settings.run.trigger == .onReach && settings.run.physics == .material)
        #expect(settings.parameters == ["size": "3", "mode": "a=b"])
        #expect(EnvironmentRequest().settings == RunSettings())
        let second = request.secondTheme
        #expect(second.request.dark && second.label == "dark theme, pink and cyan")
    }

    @Test("what a style cannot give is a request failure (2): a footer it does not declare, a parameter it lacks or a bad value")
    func requests() throws {
        var request = EnvironmentRequest()
        request.edge = "footer"
        #expect(throws: SessionFailure.reported(.request, "--edge footer: Drop does not declare that it works as a footer "
                                                + "(RH_STYLE_FOOTER); `info` says what a style declares")) {
            try request.check(Self.descriptor())
        }
        try request.check(Self.descriptor(footer: true))
        request = EnvironmentRequest()
        request.params = ["size=3"]
        #expect(throws: SessionFailure.reported(.request, "--param size=3: Drop has no parameter size (it declares none)")) {
            try request.check(Self.descriptor())
        }
        let size = StyleParameter(id: "size", kind: .number(min: 1, max: 2, default: 1))
        #expect(throws: SessionFailure.self) { try request.check(Self.descriptor(parameters: [size])) }
        request.params = ["size=1.5"]
        #expect(try request.parameters(for: Self.descriptor(parameters: [size])) == ["size": .number(1.5)])
        #expect(SessionFailure.reported(.request, "x").exitStatus == .usage)
        #expect(SessionFailure.reported(.notFound, "x").exitStatus == .notFound)
        #expect(SessionFailure.reported(.setup, "x").exitStatus == .pluginFailed)
    }

    @Test("problems: each line once, at most ten, then how many more")
    func problems() {
        #expect(ProblemLines.summary(["a", "b", "a"]) == ["a", "b"])
        let many = (0..<13).map { "line \($0)" }
        let summary = ProblemLines.summary(many + many)
        #expect(summary.count == 11 && summary.last == "... and 3 more problem(s) reported by the host")
    }
}
