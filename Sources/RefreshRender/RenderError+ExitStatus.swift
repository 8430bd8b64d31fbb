import RefreshExitStatus

/// A request the renderer cannot honour is a usage error (2); an output it could not write, 5.
extension RenderError: ExitCoded {
    public var exitStatus: ExitStatus { isRequest ? .usage : .outputFailed }
}
