/// Every function the host calls in a plugin, with its C signature: the
/// table the dispatcher builds its libffi call interfaces from, as libwayland
/// does from its message signatures.
public enum PluginFunction: String, CaseIterable, Sendable {
    case entry = "rh_entry"
    case initialize = "init"
    case deinitialize = "deinit"
    case styleCount = "style_count"
    case styleDescriptor = "style_descriptor"
    case create
    case setup
    case destroy
    case pull
    case stateChanged = "state_changed"
    case setupForCycle = "setup_for_cycle"
    case cycle
    case exit
    case reset
    case tick
    case completion
    /// A timer_schedule callback (ABI 1.2): a completion's signature, its own name in reports.
    case timer
    // ABI 1.3's instance callbacks.
    case position
    case closed
    case exitWithResult = "exit_with_result"
    // ABI 1.4's entry functions.
    case styleError = "style_error"
    case dataPaths = "data_paths"

    /// The position in `allCases`: the dispatcher's tables are indexed by it.
    var index: Int {
        switch self {
        case .entry: 0
        case .initialize: 1
        case .deinitialize: 2
        case .styleCount: 3
        case .styleDescriptor: 4
        case .create: 5
        case .setup: 6
        case .destroy: 7
        case .pull: 8
        case .stateChanged: 9
        case .setupForCycle: 10
        case .cycle: 11
        case .exit: 12
        case .reset: 13
        case .tick: 14
        case .completion: 15
        case .timer: 16
        case .position: 17
        case .closed: 18
        case .exitWithResult: 19
        case .styleError: 20
        case .dataPaths: 21
        }
    }

    /// The C types the dispatcher marshals.
    public enum CType: Sendable {
        case void, pointer, double, uint32, int32, bool
    }

    public var returnType: CType {
        switch self {
        case .entry, .styleDescriptor, .create, .styleError, .dataPaths: .pointer
        case .initialize, .setup: .bool
        case .styleCount: .uint32
        default: .void
        }
    }

    /// Argument names and types, in order, for calls and for the trace.
    public var parameters: [(name: String, type: CType)] {
        switch self {
        case .entry, .deinitialize, .styleCount, .dataPaths: []
        case .initialize: [("library_path", .pointer)]
        case .styleDescriptor, .styleError: [("index", .uint32)]
        case .create: [("host", .pointer), ("style_id", .pointer)]
        case .setup: [("instance", .pointer), ("root", .uint32)]
        case .destroy, .setupForCycle, .cycle, .reset, .closed: [("instance", .pointer)]
        case .position: [("instance", .pointer), ("pull", .pointer)]
        case .exitWithResult: [("instance", .pointer), ("result", .pointer), ("done", .pointer)]
        case .pull: [("instance", .pointer), ("distance", .double), ("ratio", .double), ("velocity", .double)]
        case .stateChanged: [("instance", .pointer), ("old", .int32), ("new", .int32)]
        case .exit: [("instance", .pointer), ("done", .pointer)]
        case .tick: [("instance", .pointer), ("time", .double), ("dt", .double)]
        case .completion, .timer: [("user", .pointer), ("finished", .bool)]
        }
    }
}

/// One argument of a call into a plugin.
public enum PluginArgument: Sendable, CustomStringConvertible {
    case pointer(UInt)
    case double(Double)
    case uint32(UInt32)
    case int32(Int32)
    case bool(Bool)
    /// A C string argument, shown as text in the trace. The caller keeps it alive.
    case string(UInt, String)
    /// A struct the host passes by pointer, shown decoded in the trace.
    case structure(UInt, String)

    public static func pointer(_ p: UnsafeRawPointer?) -> PluginArgument { .pointer(UInt(bitPattern: p)) }

    public var description: String {
        switch self {
        case let .pointer(p): p == 0 ? "NULL" : "0x" + String(p, radix: 16)
        case let .double(v): "\(v)"
        case let .uint32(v): "\(v)"
        case let .int32(v): "\(v)"
        case let .bool(v): v ? "true" : "false"
        case let .string(_, text): "\"\(text)\""
        case let .structure(_, text): "{\(text)}"
        }
    }
}

/// What a call returned.
public enum PluginReturn {
    case void
    case pointer(UnsafeRawPointer?)
    case uint32(UInt32)
    case bool(Bool)

    public var pointerValue: UnsafeRawPointer? {
        if case let .pointer(p) = self { return p }
        return nil
    }
    public var boolValue: Bool {
        if case let .bool(b) = self { return b }
        return false
    }
    public var uint32Value: UInt32 {
        if case let .uint32(v) = self { return v }
        return 0
    }
}
