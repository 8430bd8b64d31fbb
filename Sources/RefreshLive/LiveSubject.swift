import RefreshTerminal

/// What `run`'s live preview plays and reports on when it ends: one session
/// (SessionSubject), or a session taken over on each rebuild (ReloadingSubject).
public protocol LiveSubject: PreviewSubject {
    /// The last haptic or announcement, for the status line.
    var lastCue: (text: String, time: Double)? { get }
    /// What the host had to say, which the live screen could not show.
    var problems: [String] { get }
    var refreshes: Int { get }
    /// Asked while the subject waits on its worker: whether the user wants to stop.
    var interrupt: () -> LivePreview.Ending? { get set }
    func close()
}

extension SessionSubject: LiveSubject {}
extension ReloadingSubject: LiveSubject {}
