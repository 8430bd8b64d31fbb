import RefreshHostABI

/// Completion closures waiting for the host to call them back.
///
/// The host gets a token (1, 2, 3, ...) disguised as the `user` pointer
/// rather than a pointer to a Swift object: a completion that arrives twice,
/// or after its instance's destroy(), finds no entry and is ignored instead
/// of touching freed memory. destroy() drops its instance's entries, which
/// also releases whatever the closures captured (typically the style).
enum PendingCompletions {
    // nonisolated(unsafe): refresh_host.h guarantees that the host calls the
    // plugin only on its main thread, and host services work only there; this
    // table is touched from those calls alone, so never concurrently. The kit
    // is linked statically into each plugin, so each plugin has its own table.
    nonisolated(unsafe) private static var entries: [UInt: Entry] = [:]
    nonisolated(unsafe) private static var nextToken: UInt = 1

    private struct Entry {
        let owner: UInt
        let body: (Bool) -> Void
    }

    /// The C function the host calls; `user` is the token.
    static let trampoline: rh_completion_fn = { user, finished in
        PendingCompletions.fire(user, finished: finished)
    }

    /// Stores `body` for the instance `owner` and returns its token.
    static func register(owner: UInt, _ body: @escaping (Bool) -> Void) -> UnsafeMutableRawPointer {
        let token = nextToken
        nextToken &+= 1
        if nextToken == 0 { nextToken = 1 }
        entries[token] = Entry(owner: owner, body: body)
        return UnsafeMutableRawPointer(bitPattern: token)!
    }

    /// Takes back a completion the host refused, for the caller to run.
    static func take(_ user: UnsafeMutableRawPointer) -> ((Bool) -> Void)? {
        entries.removeValue(forKey: UInt(bitPattern: user))?.body
    }

    /// Forgets every completion of the instance `owner` (at its destroy).
    static func drop(owner: UInt) {
        entries = entries.filter { $0.value.owner != owner }
    }

    private static func fire(_ user: UnsafeMutableRawPointer?, finished: Bool) {
        guard let user, let body = take(user) else { return }
        body(finished)
    }
}
