import RefreshHostController
import RefreshPluginRuntime
import RefreshRender
import RefreshSession

extension CLIError {
    /// A session's failure, with the exit status of its kind: a missing style
    /// 3, a request the run cannot honour 2, anything the style did 4.
    init(_ failure: SessionFailure) {
        switch failure {
        case let .reported(.notFound, line): self.init(line, status: .notFound)
        case let .reported(.request, line): self.init(line, status: .usage)
        case .reported(.style, _), .reported(.setup, _), .worker: self.init(failure.description, status: .pluginFailed)
        }
    }

    /// Any error of a run: the session's and the renderer's keep their kinds.
    static func of(_ error: any Error) -> any Error {
        switch error {
        case let failure as SessionFailure: CLIError(failure)
        case let error as RenderError: CLIError(error)
        default: error
        }
    }
}

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
