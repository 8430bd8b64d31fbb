import RefreshHostABI

/// What a host service answered. `.adjusted` (ABI 1.2's RH_WARN_ADJUSTED)
/// is a success: the host did something slightly different from what was
/// asked (a missing font family replaced by the fallback, a path's leading
/// line-to drawn as a move-to) and logged one line saying what.
/// `.noEffect` (RH_WARN_NO_EFFECT) is one too: the value was stored, but the
/// layer's kind does not draw it (a font size on a rect). Test with
/// `succeeded`, as C tests `status < 0`.
public enum Status: Sendable, Hashable {
    case ok
    case adjusted
    case noEffect
    /// An unknown, removed or foreign layer.
    case invalidLayer
    /// NULL where a value is required, an unknown enum, a layer of the wrong kind.
    case invalidArgument
    /// NaN, infinity, or a value outside its range.
    case outOfRange
    case wrongThread
    /// The call came at the wrong time (or the host lacks the service).
    case badState
    /// A per-instance limit was reached.
    case limit
    /// A status this kit does not know (from a newer host).
    case other(Int32)

    public init(_ raw: rh_status_t) {
        switch raw {
        case rh_status_t(RH_OK): self = .ok
        case rh_status_t(RH_WARN_ADJUSTED): self = .adjusted
        case rh_status_t(RH_WARN_NO_EFFECT): self = .noEffect
        case rh_status_t(RH_ERR_INVALID_LAYER): self = .invalidLayer
        case rh_status_t(RH_ERR_INVALID_ARGUMENT): self = .invalidArgument
        case rh_status_t(RH_ERR_OUT_OF_RANGE): self = .outOfRange
        case rh_status_t(RH_ERR_WRONG_THREAD): self = .wrongThread
        case rh_status_t(RH_ERR_BAD_STATE): self = .badState
        case rh_status_t(RH_ERR_LIMIT): self = .limit
        default: self = .other(raw)
        }
    }

    /// The call did what was asked, or close to it (`.ok`, `.adjusted`, `.noEffect`).
    public var succeeded: Bool {
        switch self {
        case .ok, .adjusted, .noEffect: true
        case .other(let raw): raw >= 0
        default: false
        }
    }
}

/// What the kit assumes when the host lacks a service.
let statusMissing = rh_status_t(RH_ERR_BAD_STATE)

/// Success as C tests it: RH_OK and (since 1.2) the warnings are not
/// errors; a missing service is.
func succeeded(_ status: rh_status_t?) -> Bool { (status ?? statusMissing) >= 0 }

/// A service's answer as a `Status`; a missing service is `.badState`.
func status(_ raw: rh_status_t?) -> Status { Status(raw ?? statusMissing) }
