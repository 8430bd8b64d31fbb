import CFFI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Everything a call to one plugin function needs that does not change
/// from call to call, made once: the libffi call interface, the function's
/// name as a C string for the crash reporter, its argument count, and its
/// statistics, so a call does no lookup and no allocation.
struct PreparedCall {
    let cif: UnsafeMutablePointer<ffi_cif>
    /// libffi keeps this pointer inside `cif`: it lives as long as the call interface.
    let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    let name: UnsafeMutablePointer<CChar>
    let parameterCount: Int
    let returnType: PluginFunction.CType
    /// The statistics in ticks of the call clock, made seconds when read.
    var count = 0
    var totalTicks: UInt64 = 0
    var longestTicks: UInt64 = 0
    var overBudget = 0

    init(_ function: PluginFunction) {
        let types = function.parameters.map { Self.ffiType($0.type) }
        argumentTypes = .allocate(capacity: max(1, types.count))
        for (i, t) in types.enumerated() { argumentTypes[i] = t }
        cif = .allocate(capacity: 1)
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(types.count), Self.ffiType(function.returnType), argumentTypes)
        precondition(status == FFI_OK, "libffi cannot describe \(function.rawValue): a host bug")
        name = strdup(function.rawValue)!
        parameterCount = types.count
        returnType = function.returnType
    }

    func release() {
        argumentTypes.deallocate()
        cif.deallocate()
        free(name)
    }

    private static func ffiType(_ type: PluginFunction.CType) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .void: rh_ffi_type_void()
        case .pointer: rh_ffi_type_pointer()
        case .double: rh_ffi_type_double()
        case .uint32: rh_ffi_type_uint32()
        case .int32: rh_ffi_type_sint32()
        case .bool: rh_ffi_type_uint8()
        }
    }
}
