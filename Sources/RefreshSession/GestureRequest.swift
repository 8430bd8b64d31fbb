import RefreshHostController
import RefreshText

/// The scripted interaction and the viewport as the user gave them: each
/// value nil unless given, so an option that the chosen run cannot honour
/// (a pull with a programmatic start, a script in the live preview) can be
/// refused instead of dropped; the defaults fill in the rest.
public struct GestureRequest: Equatable, Sendable {
    public static let defaultPullDuration = 0.6, defaultHold = 0.0, defaultRefresh = 2.5, defaultExitDeadline = 5.0
    public static let defaultSize = "375x300"

    public var pull: Double?
    public var pullDuration: Double?
    public var hold: Double?
    public var refresh: Double?
    public var programmatic = false
    /// WxH.
    public var size: String?
    public var exitDeadline: Double?
    /// success, failure or no-more.
    public var result: String?
    public var message: String?
    /// FROM[,TO], fractions of the width.
    public var finger: String?

    public init() {}

    /// FROM[,TO] as fractions of the width, or nil when it is not that.
    public static func fingerFractions(_ text: String) -> (Double, Double?)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= 1 } ?? false })
        else { return nil }
        return (parts[0]!, parts.count == 2 ? parts[1]! : nil)
    }

    /// What is wrong with the result, the finger, the message or a programmatic start with a
    /// pull's options, one line naming the option; nil when nothing is. (Numbers and the size
    /// are checked against their ranges where they are parsed.)
    public var problem: String? {
        if let result, RefreshResult.Kind(name: result) == nil { return "--result \(result): expected success, failure or no-more" }
        if let finger, Self.fingerFractions(finger) == nil {
            return "--finger \(finger): expected FROM or FROM,TO, each a fraction of the width from 0 to 1"
        }
        if let message, message.utf8.count > RefreshResult.maxMessageBytes || message.hasControlCharacters {
            return "--message: at most 255 bytes, on one line"
        }
        // A programmatic refresh has no finger: the options that shape the pull cannot apply.
        if programmatic, let given = scriptedOptions.first(where: { ["--pull", "--pull-duration", "--hold", "--finger"].contains($0) }) {
            return "\(given): a programmatic refresh has no pull; leave out --programmatic or \(given)"
        }
        return nil
    }

    public var sizeText: String { size ?? Self.defaultSize }
    /// The viewport (the size must have been checked: Viewport(sizeText) is not nil).
    public var viewport: Viewport { Viewport(sizeText)! }
    public var exitDeadlineSeconds: Double { exitDeadline ?? Self.defaultExitDeadline }

    /// The options that script the gesture, as given: the live preview is driven by the keyboard instead.
    public var scriptedOptions: [String] {
        [("--pull", pull != nil), ("--pull-duration", pullDuration != nil), ("--hold", hold != nil),
         ("--refresh", refresh != nil), ("--programmatic", programmatic), ("--finger", finger != nil)]
            .filter(\.1).map(\.0)
    }

    public var gesture: Gesture {
        var gesture = Gesture()
        gesture.start = programmatic ? .programmatic : .pull
        gesture.pullDistance = pull
        gesture.pullDuration = pullDuration ?? Self.defaultPullDuration
        gesture.hold = hold ?? Self.defaultHold
        gesture.refreshDuration = refresh ?? Self.defaultRefresh
        gesture.result = RefreshResult(result.flatMap(RefreshResult.Kind.init(name:)) ?? .success, message: message)
        if let (from, to) = finger.flatMap(Self.fingerFractions) {
            gesture.fingerFraction = from
            gesture.fingerEndFraction = to
        }
        return gesture
    }

    /// Checks that need the style: the default pull (1.5 x its height) must
    /// fit in the viewport (a request failure otherwise); a pull short of the
    /// style's height never starts a refresh, which is worth a warning, returned.
    public func check(styleHeight height: Double, styleName: String) throws(SessionFailure) -> String? {
        guard !programmatic else { return nil }
        let distance = gesture.distance(forHeight: height)
        if pull == nil, distance >= viewport.height {
            throw .reported(.request, "--size \(sizeText): the viewport must be taller than the pull, \(Self.points(distance)) pt "
                + "(1.5 x \(styleName)'s \(Self.points(height)) pt header); use a taller --size or a shorter --pull")
        }
        if let pull, pull < height {
            return "--pull \(Self.points(pull)): short of \(styleName)'s \(Self.points(height)) pt threshold; the refresh will not start"
        }
        return nil
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
