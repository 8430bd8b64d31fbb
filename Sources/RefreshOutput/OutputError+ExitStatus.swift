import RefreshExitStatus

/// An output that could not be written: 5, whichever file it was (stdout too).
extension OutputError: ExitCoded {
    public var exitStatus: ExitStatus { .outputFailed }
}
