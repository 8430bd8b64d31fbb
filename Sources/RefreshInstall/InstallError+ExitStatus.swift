import RefreshExitStatus

/// A folder that is not a style folder (or cannot be read as one) is 3; one
/// already installed (--force replaces it) or no home folder to install into
/// is 2; a copy or removal that failed is 5; a folder `validate` did not pass, 1.
extension InstallError: ExitCoded {
    public var exitStatus: ExitStatus {
        switch kind {
        case .badFolder: .notFound
        case .exists, .noHome: .usage
        case .io: .outputFailed
        case .notChecked: .failure
        }
    }
}
