import RefreshExitStatus

/// `new`'s failure with the status of its kind: 2 usage, 3 the --from file, 5 the folder.
extension ScaffoldError: ExitCoded {
    public var exitStatus: ExitStatus {
        switch kind {
        case .usage: .usage
        case .notFound: .notFound
        case .output: .outputFailed
        }
    }
}
