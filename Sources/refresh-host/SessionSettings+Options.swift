import RefreshHostController
import RefreshPluginRuntime
import RefreshRender
import RefreshSession

extension EnvironmentOptions {
    /// The session settings these options choose (viewport and timing come from the caller).
    var sessionSettings: SessionSettings {
        var s = SessionSettings()
        s.run = settings
        for p in params {
            let name = String(p.prefix { $0 != "=" })
            s.parameters[name] = String(p.dropFirst(name.count + 1))
        }
        return s
    }
}

extension IsolationOptions {
    /// `settings` with this command's isolation and budget.
    func apply(to settings: inout SessionSettings) {
        settings.isolation = inProcess ? .inProcess : .worker
        settings.budget = budget
    }
}
