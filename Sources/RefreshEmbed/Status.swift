import RefreshEmbedABI

/// Why a call failed: the header's status and the one line rhe_last_error gives.
struct EmbedError: Error {
    var status: rhe_status_t
    var line: String

    init(_ status: Int, _ line: String) {
        self.status = rhe_status_t(status)
        self.line = line
    }

    static func invalid(_ line: String) -> EmbedError { EmbedError(RHE_ERR_INVALID_ARGUMENT, line) }
    static func range(_ line: String) -> EmbedError { EmbedError(RHE_ERR_OUT_OF_RANGE, line) }
}

/// The statuses as rhe_status_t (the header's anonymous enum imports as Int).
extension rhe_status_t {
    static let ok = rhe_status_t(RHE_OK)
    static let queued = rhe_status_t(RHE_OK_QUEUED)
}

/// Runs an exported function's body: a thrown EmbedError becomes its status
/// and this thread's last error (kept until the next failure, as the header says).
func reporting(_ function: StaticString, _ body: () throws(EmbedError) -> rhe_status_t) -> rhe_status_t {
    do {
        return try body()
    } catch {
        LastError.set("\(function): \(error.line)")
        return error.status
    }
}
