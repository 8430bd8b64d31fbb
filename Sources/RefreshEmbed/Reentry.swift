import RefreshEmbedABI

/// The calls the reentrancy rules refuse (refresh_host_embed.h, "Reentrancy").
enum Reentry {
    /// Nothing may be called from the log callback.
    static func checkLog() throws(EmbedError) {
        guard !LogCallback.isRunning else { throw EmbedError(RHE_ERR_REENTRANT, "called from inside the log callback") }
    }

    /// Only begin, end and free may be called on a view from inside its own event callback.
    static func checkEvent(_ view: EmbedView) throws(EmbedError) {
        guard !view.dispatching else {
            throw EmbedError(RHE_ERR_REENTRANT, "called from inside this view's event callback (only begin/end refresh and free are allowed there)")
        }
    }
}
