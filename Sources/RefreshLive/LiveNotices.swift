import RefreshHostController

/// What the live preview's status line says after the style's name under
/// `--watch` and `--record`: the last reload (a success for a few seconds, a
/// failure until a build loads), and the recording.
public final class LiveNotices {
    /// Seconds a successful reload stays on the status line.
    public static let reloadShown = 5.0

    public let file: String
    public var recorder: SessionRecorder?
    private var reload: (text: String, until: Double?)?
    /// The last failed reload, while no build has loaded since: said again on exit.
    public private(set) var failure: (why: String, kept: Int)?

    public init(file: String) { self.file = file }

    public func note(_ event: ReloadingSubject.Event) {
        let name = fileName(of: file)
        switch event {
        case .reloading:
            reload = ("reloading \(name)...", nil)
        case let .reloaded(_, build):
            reload = ("reloaded \(name) (build \(build))", MonotonicClock.seconds() + Self.reloadShown)
            failure = nil
        case let .failed(why, kept):
            reload = ("reload failed, kept build \(kept): \(name): \(why)", nil)
            failure = (why, kept)
        }
    }

    /// The notice for the status line now, or nil.
    public var text: String? {
        if let until = reload?.until, MonotonicClock.seconds() > until { reload = nil }
        let parts = [reload?.text, recorder?.notice].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " | ")
    }

    /// For stderr on exit: the failure the preview was left with, naming the whole path.
    public var exitLine: String? {
        failure.map { "refresh-host: warning: \(file): reload failed: \($0.why); the preview kept build \($0.kept)" }
    }
}
