import RefreshHostABI

/// ABI 1.5's extensions (refresh_host_ext.h) as the kit reaches them: a table by
/// id, or nil when the host does not offer it (an older host, another host).
/// Every wrapper answers `.badState` or nil then, so a style can fall back.
extension StyleHost {
    func extensionTable<T>(_ id: String, as: T.Type) -> UnsafePointer<T>? {
        extensionTable(id: id).map { $0.assumingMemoryBound(to: T.self) }
    }

    /// Calls `call` with a completion trampoline (or none) and gives the completion
    /// false at once when the host refuses, as the kit's other services do.
    func withCompletion(_ completion: ((Bool) -> Void)?,
                        _ call: (rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t) -> Status {
        guard let completion else { return Status(call(nil, nil)) }
        let user = PendingCompletions.register(owner: owner, completion)
        let result = Status(call(PendingCompletions.trampoline, user))
        if !result.succeeded { PendingCompletions.take(user)?(false) }
        return result
    }
}
