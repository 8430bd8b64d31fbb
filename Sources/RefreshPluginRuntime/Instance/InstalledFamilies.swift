import CFontconfig
import Synchronization

/// Whether fontconfig knows a font family, remembered per family for the
/// process: asking is a fontconfig match (5-6 us), which layer_set_font paid
/// on every call. A font installed while a command runs is seen by the next
/// command, as the renderer's faces (FontFaces) already were.
enum InstalledFamilies {
    /// Families a plugin names are unbounded; past this many the memory starts over.
    static let capacity = 256
    private static let known = Mutex<[String: Bool]>([:])

    static func contains(_ family: String) -> Bool {
        if let answer = known.withLock({ $0[family] }) { return answer }
        // Matched outside the lock: two threads asking at once both match, and agree.
        let answer = rh_font_family_installed(family)
        known.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[family] = answer
        }
        return answer
    }
}
