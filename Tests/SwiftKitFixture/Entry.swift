import RefreshHostABI
import RefreshStyleKit

@c(rh_entry) public func rh_entry() -> UnsafePointer<rh_entry_t> {
    RefreshStyleKit.entry(for: [GradientUser.self, DrawingUser.self, LifecycleUser.self, ExtensionUser.self], catalog: ThemeCatalog.self)
}
