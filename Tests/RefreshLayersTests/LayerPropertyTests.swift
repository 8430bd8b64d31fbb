import Testing
@testable import RefreshLayers

struct LayerPropertyTests {
    @Test func rawValuesMatchTheHeader() {
        #expect(LayerProperty.allCases.count == 32)
        #expect(LayerProperty(rawValue: 9) == nil)
        #expect(LayerProperty.translationX.rawValue == 10)
        #expect(LayerProperty.fontWeight.rawValue == 19)
        #expect(LayerProperty.contentsScale.rawValue == 32)
        #expect(LayerProperty.slotCount == 33)
    }

    @Test func defaults() {
        #expect(LayerProperty.anchorX.defaultValue == 0.5)
        #expect(LayerProperty.anchorY.defaultValue == 0.5)
        #expect(LayerProperty.scaleX.defaultValue == 1)
        #expect(LayerProperty.opacity.defaultValue == 1)
        #expect(LayerProperty.lineWidth.defaultValue == 1)
        #expect(LayerProperty.fontSize.defaultValue == 17)
        #expect(LayerProperty.rotation.defaultValue == 0)
        for p in LayerProperty.allCases { #expect(p.accepts(p.defaultValue)) }
    }

    @Test func ranges() {
        #expect(LayerProperty.opacity.accepts(1))
        #expect(!LayerProperty.opacity.accepts(1.01))
        #expect(!LayerProperty.width.accepts(-1))
        #expect(LayerProperty.positionX.accepts(-1e6))
        #expect(!LayerProperty.positionX.accepts(1e6 + 1))
        #expect(!LayerProperty.rotation.accepts(.nan))
        #expect(!LayerProperty.zPosition.accepts(.infinity))
        #expect(!LayerProperty.fontSize.accepts(0.5))
        #expect(LayerProperty.hidden.accepts(1))
        #expect(!LayerProperty.hidden.accepts(0.5))
        #expect(!LayerProperty.fontWeight.accepts(2))
        #expect(LayerProperty.scaleY.accepts(-1e4))
    }

    @Test func names() {
        #expect(LayerProperty.positionX.name == "position.x")
        #expect(LayerProperty.rotation.name == "rotation")
        #expect(LayerProperty.opacity.name == "opacity")
        #expect(Set(LayerProperty.allCases.map(\.name)).count == LayerProperty.allCases.count)
    }

    @Test func colours() {
        #expect(RGBA(hex: "#FF8000") == RGBA(1, 128.0 / 255, 0))
        #expect(RGBA(hex: "#ff800080")?.a == 128.0 / 255)
        #expect(RGBA(hex: "FF8000") == nil)
        #expect(RGBA(hex: "#FF80") == nil)
        #expect(RGBA(hex: "#GG0000") == nil)
        #expect(RGBA.white.isValid && RGBA.clear.isValid)
        #expect(!RGBA(1.5, 0, 0).isValid)
        #expect(!RGBA(.nan, 0, 0).isValid)
    }
}
