@testable import RefreshScaffold

/// A dotLottie's manifest.json as `new --from X.lottie --animation ID` reads and
/// rewrites it (ManifestJSON, the designer's bytes): a parse never crashes, and
/// what it accepts is written as text that reads back and is written again the
/// same (numbers are normalized when written, so the values themselves may differ: -0 is 0).
enum ManifestFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let value = try? ManifestJSON.parse(bytes) else { return }
        let written = value.serialized()
        guard let again = try? ManifestJSON.parse(written), again.serialized() == written else {
            fatalError("a manifest written back does not read back the same: \(String(decoding: written, as: UTF8.self).prefix(200))")
        }
    }
}
