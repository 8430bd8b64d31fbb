import CFFI

/// The `done` handed to a plugin's exit: a real `void (*)(void)` made with a
/// libffi closure bound to one instance, so a plugin calls it exactly as it
/// would call a completion block.
///
/// One closure per instance, reused for each exit; it is never freed (see
/// InstanceContext), so a stray call after destroy still lands in the host,
/// which reports it.
final class DoneClosure {
    let function: UnsafeRawPointer
    private let closure: UnsafeMutablePointer<ffi_closure>
    private let cif: UnsafeMutablePointer<ffi_cif>

    init(context: UnsafeMutableRawPointer) {
        var code: UnsafeMutableRawPointer?
        guard let raw = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            fatalError("libffi could not allocate a closure: out of executable memory")
        }
        closure = raw.assumingMemoryBound(to: ffi_closure.self)
        cif = .allocate(capacity: 1)
        guard ffi_prep_cif(cif, FFI_DEFAULT_ABI, 0, rh_ffi_type_void(), nil) == FFI_OK,
              ffi_prep_closure_loc(closure, cif, { _, _, _, user in
                  guard let user else { return }
                  Unmanaged<InstanceContext>.fromOpaque(user).takeUnretainedValue().doneCalled()
              }, context, code) == FFI_OK
        else { fatalError("libffi could not prepare the done closure") }
        function = UnsafeRawPointer(code)
    }
}
