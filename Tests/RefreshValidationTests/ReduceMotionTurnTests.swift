import Foundation
import RefreshValidation
import Testing

/// accessibility.reduce-motion reads a constant spin as what it is, whatever
/// the spinning layer's scale: issue 26 saw 0.8 rad/s read as 1 or 1.5 rad/s
/// by scale, from speeds measured over steps a rounding error long. The
/// fixture (v_spin_reduced.c) turns its rect at SPIN_RATE for its whole life.
@Suite struct ReduceMotionTurnTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rate: Double
        var scale: Double
        var testDescription: String { "\(rate) rad/s at scale \(scale)" }
    }

    static let cases = [0.8, 1.2].flatMap { rate in [0.5, 0.75, 1, 1.5].map { Case(rate: rate, scale: $0) } }

    @Test("a constant spin gives the same verdict and the same figure, to 2 decimals, at every scale", arguments: cases)
    func constantSpin(_ c: Case) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let plugin = try Fixture.build("v_spin_reduced", into: dir.path,
                                       extraFlags: ["-DSPIN_RATE=\(c.rate)", "-DSPIN_SCALE=\(c.scale)"])
        let check = try #require(Catalogue.matching("accessibility.reduce-motion").first)
        let outcome = check.run(CheckContext(path: plugin, style: nil, strictness: 5, seed: 7))
        let figure = String(format: "%.2f rad/s", c.rate)
        if c.rate <= 1 {
            guard case let .passed(notes) = outcome else { Issue.record("\(outcome)"); return }
            #expect(notes.hasSuffix("fastest turn \(figure)"), "\(notes)")
        } else {
            guard case let .failed(_, actual, _) = outcome else { Issue.record("\(outcome)"); return }
            #expect(actual.contains("turns at \(figure) at"), "\(actual)")
        }
    }
}
