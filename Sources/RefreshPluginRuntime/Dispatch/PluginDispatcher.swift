import CCrashReport
import CFFI

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
    /// Of `duration`, the seconds the thread waited for a CPU (another
    /// process had it); 0 unless the dispatcher `measuresQueueing`.
    public var queued: Double = 0
    /// The plugin's calls to the host during this call, in order.
    public var services = ServiceCalls()

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

    public init(count: Int = 0, total: Double = 0, longest: Double = 0, overBudget: Int = 0) {
        self.count = count
        self.total = total
        self.longest = longest
        self.overBudget = overBudget
    }
}

/// The host's one path into plugin code. Every call (the entry, descriptors,
/// create, each lifecycle callback, each animation completion) is made here
/// with `ffi_call`, from call interfaces prepared once per signature. That
/// single path is where tracing and per-call timing live. A call looks
/// nothing up and allocates nothing: its prepared interface, name and
/// statistics sit in a table indexed by the function, its arguments go on
/// the stack, and it is timed with the CPU's counter (`CallClock`).
public final class PluginDispatcher {
    /// Called after every call into a plugin, when set, with the service
    /// calls the plugin made during it.
    public var trace: ((CallRecord) -> Void)? {
        didSet { serviceCalls = trace == nil ? nil : (serviceCalls ?? ServiceCallLog()) }
    }
    /// Where services record themselves while tracing; nil otherwise.
    private(set) var serviceCalls: ServiceCallLog?
    /// Whether traced calls carry the time the thread waited for a CPU
    /// (`CallRecord.queued`): two reads of /proc per call, so only for the
    /// validator's timing, which must not blame a plugin for a busy machine.
    public var measuresQueueing = false
    /// The functions called so far.
    public var statistics: [PluginFunction: CallStatistics] {
        clock.refine()
        let seconds = clock.secondsPerTick
        var called: [PluginFunction: CallStatistics] = [:]
        for function in PluginFunction.allCases {
            let p = prepared[function.index]
            guard p.count > 0 else { continue }
            called[function] = CallStatistics(count: p.count, total: Double(p.totalTicks) * seconds,
                                              longest: Double(p.longestTicks) * seconds, overBudget: p.overBudget)
        }
        return called
    }
    /// Calls currently on the stack (a plugin call inside a plugin call is a host bug).
    public var depth: Int { state.pointee.depth }
    /// Longest a single call may take before it counts as over budget: a
    /// callback slower than a frame makes the animation stutter.
    public var callBudget = 1.0 / 60 {
        didSet { state.pointee.budgetTicks = clock.ticks(callBudget) }
    }

    private let prepared: UnsafeMutablePointer<PreparedCall>
    /// The most arguments any plugin function takes.
    private let maxArguments = PluginFunction.allCases.map(\.parameters.count).max() ?? 1
    private let clock = CallClock.shared
    /// What every call changes, behind a pointer: no exclusivity check per access.
    private let state: UnsafeMutablePointer<(depth: Int, budgetTicks: UInt64)>

    public init() {
        let functions = PluginFunction.allCases
        prepared = .allocate(capacity: functions.count)
        for function in functions {
            precondition(functions[function.index] == function, "PluginFunction.index is out of step with allCases")
            (prepared + function.index).initialize(to: PreparedCall(function))
        }
        state = .allocate(capacity: 1)
        state.initialize(to: (0, clock.ticks(callBudget)))
    }

    // The call interfaces live as long as the dispatcher.
    deinit {
        for i in PluginFunction.allCases.indices { prepared[i].release() }
        prepared.deinitialize(count: PluginFunction.allCases.count)
        prepared.deallocate()
        state.deallocate()
    }

    /// Calls the plugin function at `pointer` with `arguments`, which must
    /// match `function`'s signature.
    @discardableResult
    public func call(
        _ function: PluginFunction, _ pointer: UnsafeRawPointer, _ arguments: [PluginArgument], target: String
    ) -> PluginReturn {
        let entry = prepared + function.index
        precondition(arguments.count == entry.pointee.parameterCount, "\(function.rawValue): wrong argument count")
        let level = state.pointee.depth
        state.pointee.depth = level + 1
        let queuedBefore = measuresQueueing ? RunQueueDelay.seconds() : nil
        let (raw, ticks) = invoke(entry, pointer, arguments, target: target)
        let queued = queuedBefore.flatMap { before in RunQueueDelay.seconds().map { max(0, $0 - before) } } ?? 0
        state.pointee.depth = level
        entry.pointee.count += 1
        entry.pointee.totalTicks &+= ticks
        if ticks > entry.pointee.longestTicks { entry.pointee.longestTicks = ticks }
        if ticks > state.pointee.budgetTicks { entry.pointee.overBudget += 1 }

        let result: PluginReturn
        switch entry.pointee.returnType {
        case .pointer: result = .pointer(UnsafeRawPointer(bitPattern: UInt(raw)))
        case .bool: result = .bool(UInt8(truncatingIfNeeded: raw) != 0)
        case .uint32: result = .uint32(UInt32(truncatingIfNeeded: raw))
        default: result = .void
        }
        if let trace {
            trace(CallRecord(function: function, target: target, arguments: function.traced(arguments),
                             result: Self.describe(result), duration: Double(ticks) * clock.secondsPerTick,
                             queued: queued, services: serviceCalls?.take() ?? ServiceCalls()))
        }
        return result
    }

    /// The call itself: the arguments into slots on the stack (nothing to
    /// allocate, and a nested call gets its own), the crash reporter told,
    /// and the time inside the plugin in ticks. Returns the raw result.
    @inline(__always)
    private func invoke(_ entry: UnsafeMutablePointer<PreparedCall>, _ pointer: UnsafeRawPointer,
                        _ arguments: [PluginArgument], target: String) -> (raw: UInt64, ticks: UInt64) {
        var raw: UInt64 = 0
        var ticks: UInt64 = 0
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maxArguments) { slots in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: maxArguments) { values in
                for (i, argument) in arguments.enumerated() {
                    let slot = UnsafeMutableRawPointer(slots.baseAddress! + i)
                    values[i] = slot
                    switch argument {
                    case let .pointer(p), let .string(p, _), let .structure(p, _): slot.storeBytes(of: p, as: UInt.self)
                    case let .double(v): slot.storeBytes(of: v, as: Double.self)
                    case let .uint32(v): slot.storeBytes(of: v, as: UInt32.self)
                    case let .int32(v): slot.storeBytes(of: v, as: Int32.self)
                    case let .bool(v): slot.storeBytes(of: v ? 1 : 0, as: UInt8.self)
                    }
                }
                let fn = unsafeBitCast(pointer, to: (@convention(c) () -> Void).self)
                target.withCString { t in
                    // Marked for the crash reporter: a crash in here is the plugin's.
                    rh_crash_enter(t, entry.pointee.name)
                    let started = clock.now()
                    // libffi widens integral results to a full ffi_arg (8 bytes here).
                    withUnsafeMutableBytes(of: &raw) { result in
                        ffi_call(entry.pointee.cif, fn, result.baseAddress, values.baseAddress)
                    }
                    ticks = clock.now() &- started
                    rh_crash_leave()
                }
            }
        }
        return (raw, ticks)
    }

    private static func describe(_ value: PluginReturn) -> String? {
        switch value {
        case .void: nil
        case let .pointer(p): p.map { "0x" + String(UInt(bitPattern: $0), radix: 16) } ?? "NULL"
        case let .uint32(v): "\(v)"
        case let .bool(b): b ? "true" : "false"
        }
    }
}
