/// What the user did, decoded from the terminal's bytes.
public enum InputEvent: Equatable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
}

public enum Key: Equatable, Sendable {
    case up, down, left, right
    case space, enter, escape
    /// Ctrl-C: in raw mode it arrives as byte 3, not as SIGINT.
    case interrupt
    /// A printable ASCII character.
    case character(Character)
}

/// An SGR (1006) mouse report.
public struct MouseEvent: Equatable, Sendable {
    public enum Action: Equatable, Sendable { case press, drag, release }
    public var action: Action
    /// 0 left, 1 middle, 2 right, 3 none (motion without a button), 64/65 wheel.
    public var button: Int
    /// 0-based cell.
    public var column: Int
    public var row: Int

    public init(_ action: Action, button: Int = 0, column: Int, row: Int) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
    }
}

/// Turns terminal input bytes into events. Reads may split an escape
/// sequence anywhere, so an unfinished one waits for the next `feed`; a lone
/// ESC is only known to be the Escape key once a pause follows it (`flush`).
public struct InputDecoder {
    private var pending: [UInt8] = []
    /// Longest CSI sequence accepted before the bytes are taken for garbage.
    private let maximumSequence = 32

    public init() {}

    /// Bytes held back: the start of a sequence that has not finished yet.
    public var hasPending: Bool { !pending.isEmpty }

    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var i = 0
        while i < pending.count {
            switch decode(at: i) {
            case .event(let event, let length):
                if let event { events.append(event) }
                i += length
            case .incomplete:
                pending.removeFirst(i)
                return events
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// After a pause with bytes still pending: a lone ESC was the Escape key;
    /// any other unfinished sequence was garbage.
    public mutating func flush() -> [InputEvent] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.key(.escape)] : []
    }

    private enum Step {
        /// An event (or nil for bytes that mean nothing to us) and how many bytes it used.
        case event(InputEvent?, Int)
        case incomplete
    }

    private func decode(at i: Int) -> Step {
        let byte = pending[i]
        switch byte {
        case 0x1B: return escape(at: i)
        case 0x03: return .event(.key(.interrupt), 1)
        case 0x20: return .event(.key(.space), 1)
        case 0x0D, 0x0A: return .event(.key(.enter), 1)
        case 0x21...0x7E: return .event(.key(.character(Character(Unicode.Scalar(byte)))), 1)
        default: return .event(nil, 1)  // other control bytes, UTF-8 of non-ASCII keys
        }
    }

    private func escape(at i: Int) -> Step {
        guard i + 1 < pending.count else { return .incomplete }
        switch pending[i + 1] {
        case 0x5B: return csi(at: i)
        case 0x4F:  // SS3: arrows in application cursor mode
            guard i + 2 < pending.count else { return .incomplete }
            return .event(arrow(pending[i + 2]).map { .key($0) }, 3)
        default:
            // ESC then another key (Alt+key): the Escape, then the key on its own.
            return .event(.key(.escape), 1)
        }
    }

    /// ESC [ parameters intermediates final.
    private func csi(at i: Int) -> Step {
        var j = i + 2
        while j < pending.count {
            let b = pending[j]
            if (0x40...0x7E).contains(b) {
                return .event(interpret(Array(pending[(i + 2)..<j]), final: b), j - i + 1)
            }
            guard (0x20...0x3F).contains(b), j - i < maximumSequence else {
                // Not a CSI after all: drop "ESC [" and decode the rest as it comes.
                return .event(nil, 2)
            }
            j += 1
        }
        return .incomplete
    }

    private func interpret(_ parameters: [UInt8], final: UInt8) -> InputEvent? {
        if parameters.first == 0x3C, final == 0x4D || final == 0x6D {  // "<" ... "M" or "m"
            return mouse(parameters.dropFirst(), released: final == 0x6D)
        }
        // Arrows, possibly with modifiers ("1;5A"): the modifier is ignored.
        return arrow(final).map { .key($0) }
    }

    private func arrow(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        default: nil
        }
    }

    /// "b;x;y" of an SGR report; bit 5 of b marks motion, bits 2-4 modifiers.
    private func mouse(_ text: ArraySlice<UInt8>, released: Bool) -> InputEvent? {
        let fields = text.split(separator: 0x3B, omittingEmptySubsequences: false).map { field -> Int? in
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard fields.count == 3, let b = fields[0], let x = fields[1], let y = fields[2], x >= 1, y >= 1 else {
            return nil
        }
        let action: MouseEvent.Action = released ? .release : (b & 32 != 0 ? .drag : .press)
        return .mouse(MouseEvent(action, button: b & ~(4 | 8 | 16 | 32), column: x - 1, row: y - 1))
    }
}
