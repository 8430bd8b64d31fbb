import CCrashReport
import CFFI
import RefreshHostController

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One finished call into a plugin, for the trace.
public struct CallRecord: Sendable {
    public var function: PluginFunction
    /// Who was called: a library path or an instance label.
    public var target: String
    public var arguments: [PluginArgument]
    /// The returned value as text, nil for void.
    public var result: String?
    /// Wall time spent inside the plugin, in seconds.
    public var duration: Double

    /// `pull(distance: 12.5, ratio: 0.125, velocity: 300.0) -> true`, without the instance pointer.
    public var summary: String {
        let named = zip(function.parameters, arguments).filter { $0.0.name != "instance" }
        let list = named.map { "\($0.0.name): \($0.1)" }.joined(separator: ", ")
        return "\(function.rawValue)(\(list))" + (result.map { " -> \($0)" } ?? "")
    }
}

/// Count and time of the calls to one plugin function.
public struct CallStatistics: Sendable {
    public var count = 0
    public var total = 0.0
    public var longest = 0.0
    /// Calls longer than the dispatcher's `callBudget` (one frame at 60 Hz by default).
    public var overBudget = 0
}

/// The host's one path into plugin code. Every call (the entry, descriptors,
/// create, each lifecycle callback, each animation completion) is made here
/// with `ffi_call`, from call interfaces prepared once per signature. That
/// single path is where tracing and per-call timing live.
public final class PluginDispatcher {
    /// Called after every call into a plugin, when set.
    public var trace: ((CallRecord) -> Void)?
    public private(set) var statistics: [PluginFunction: CallStatistics] = [:]
    /// Calls currently on the stack (a plugin call inside a plugin call is a host bug).
    public private(set) var depth = 0
    /// Longest a single call may take before it counts as over budget: a
    /// callback slower than a frame makes the animation stutter.
    public var callBudget = 1.0 / 60

    private var interfaces: [PluginFunction: UnsafeMutablePointer<ffi_cif>] = [:]

    public init() {
        for function in PluginFunction.allCases {
            let types = function.parameters.map { Self.ffiType($0.type) }
            let argTypes = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(1, types.count))
            for (i, t) in types.enumerated() { argTypes[i] = t }
            let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
            let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(types.count), Self.ffiType(function.returnType), argTypes)
            precondition(status == FFI_OK, "libffi cannot describe \(function.rawValue): a host bug")
            interfaces[function] = cif
        }
    }

    // The call interfaces live as long as the dispatcher; libffi keeps
    // pointers to the argument type arrays, so both are freed together.
    deinit {
        for cif in interfaces.values {
            cif.pointee.arg_types?.deallocate()
            cif.deallocate()
        }
    }

    /// Calls the plugin function at `pointer` with `arguments`, which must
    /// match `function`'s signature.
    @discardableResult
    public func call(
        _ function: PluginFunction, _ pointer: UnsafeRawPointer, _ arguments: [PluginArgument], target: String
    ) -> PluginReturn {
        let cif = interfaces[function]!
        precondition(arguments.count == function.parameters.count, "\(function.rawValue): wrong argument count")
        let count = arguments.count
        let started = MonotonicClock.seconds()
        var raw: UInt64 = 0
        depth += 1
        withUnsafeTemporaryAllocation(byteCount: max(8, count * 8), alignment: 8) { storage in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: max(1, count)) { values in
                for (i, argument) in arguments.enumerated() {
                    let slot = storage.baseAddress! + i * 8
                    switch argument {
                    case let .pointer(p), let .string(p, _): slot.storeBytes(of: p, as: UInt.self)
                    case let .double(v): slot.storeBytes(of: v, as: Double.self)
                    case let .uint32(v): slot.storeBytes(of: v, as: UInt32.self)
                    case let .int32(v): slot.storeBytes(of: v, as: Int32.self)
                    case let .bool(v): slot.storeBytes(of: v ? 1 : 0, as: UInt8.self)
                    }
                    values[i] = slot
                }
                let fn = unsafeBitCast(pointer, to: (@convention(c) () -> Void).self)
                // Marked for the crash reporter: a crash in here is the plugin's.
                target.withCString { t in function.rawValue.withCString { rh_crash_enter(t, $0) } }
                defer { rh_crash_leave() }
                // libffi widens integral results to a full ffi_arg (8 bytes here).
                withUnsafeMutableBytes(of: &raw) { result in
                    ffi_call(cif, fn, result.baseAddress, values.baseAddress)
                }
            }
        }
        depth -= 1
        let elapsed = MonotonicClock.seconds() - started
        var stats = statistics[function] ?? CallStatistics()
        stats.count += 1
        stats.total += elapsed
        stats.longest = max(stats.longest, elapsed)
        if elapsed > callBudget { stats.overBudget += 1 }
        statistics[function] = stats

        let result: PluginReturn
        switch function.returnType {
        case .pointer: result = .pointer(UnsafeRawPointer(bitPattern: UInt(raw)))
        case .bool: result = .bool(UInt8(truncatingIfNeeded: raw) != 0)
        case .uint32: result = .uint32(UInt32(truncatingIfNeeded: raw))
        default: result = .void
        }
        if let trace {
            trace(CallRecord(function: function, target: target, arguments: arguments,
                             result: Self.describe(result), duration: elapsed))
        }
        return result
    }

    private static func describe(_ value: PluginReturn) -> String? {
        switch value {
        case .void: nil
        case let .pointer(p): p.map { "0x" + String(UInt(bitPattern: $0), radix: 16) } ?? "NULL"
        case let .uint32(v): "\(v)"
        case let .bool(b): b ? "true" : "false"
        }
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
