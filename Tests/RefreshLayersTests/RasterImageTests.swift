import Testing
@testable import RefreshLayers

/// Images compare by content (a replay makes new images with new serials),
/// through a digest made once, so a 64 MiB image compared every frame costs
/// nothing after it is made.
@Suite struct RasterImageTests {
    func image(_ serial: UInt64, _ width: Int, _ height: Int, _ fill: (Int) -> UInt8) -> RasterImage {
        RasterImage(serial: serial, width: width, height: height, pixels: (0..<width * height * 4).map(fill))
    }

    @Test("the same pixels under different serials are equal; a copy across the wire is too")
    func sameContent() {
        #expect(image(1, 3, 5) { UInt8($0 % 251) } == image(2, 3, 5) { UInt8($0 % 251) })
    }

    @Test("one changed byte anywhere, including the last of an odd length, makes them differ")
    func oneByte() {
        let base = image(1, 3, 5) { UInt8($0 % 251) }
        for changed in [0, 7, 8, 31, 59] {
            let other = image(2, 3, 5) { $0 == changed ? UInt8($0 % 251) ^ 1 : UInt8($0 % 251) }
            #expect(base != other, "byte \(changed)")
        }
    }

    @Test("the same bytes in another shape are a different image")
    func shape() {
        #expect(image(1, 2, 6) { _ in 9 } != image(1, 6, 2) { _ in 9 })
        #expect(image(1, 2, 6) { _ in 9 } != image(1, 2, 6) { _ in 10 })
    }

    @Test("two words swapped differ: the digest depends on order, not only on the bytes present")
    func order() {
        let a = image(1, 4, 1) { $0 < 8 ? 1 : 2 }
        let b = image(1, 4, 1) { $0 < 8 ? 2 : 1 }
        #expect(a != b)
    }
}
