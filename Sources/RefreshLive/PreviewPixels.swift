import RefreshRender
import RefreshTerminal

/// The live preview's pixels: the subject's layers as the renderer draws the
/// phone, at the scale the terminal allows; one renderer per scale, so a
/// resize that changes the scale makes a new one.
public final class PreviewPixels {
    private let subject: any PreviewSubject
    private let width: Double, height: Double
    private let appearance: PhoneAppearance
    private var renderer: FrameRenderer?

    public init(subject: any PreviewSubject, viewportWidth: Double, viewportHeight: Double, appearance: PhoneAppearance) {
        self.subject = subject
        (width, height) = (viewportWidth, viewportHeight)
        self.appearance = appearance
    }

    public func draw(scale: Double) -> PixelImage {
        if renderer?.scale != scale {
            renderer = FrameRenderer(viewportWidth: width, viewportHeight: height, scale: scale, appearance: appearance)
        }
        let bitmap = renderer!.render(layers: subject.layers, pull: subject.pullDistance)
        return PixelImage(width: bitmap.width, height: bitmap.height, stride: bitmap.stride, bytes: bitmap.bytes)
    }
}
