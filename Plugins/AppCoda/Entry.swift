import RefreshHostABI
import RefreshStyleKit

/// The library's one export.
@c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> {
    RefreshStyleKit.entry(for: [AppCodaStyle.self])
}
