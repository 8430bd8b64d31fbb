#if canImport(Glibc)
import Glibc
#endif

extension Layout {
    /// The live preview's pixels per point in the terminal on `descriptor` as
    /// it is now (a half-block cell is two pixels), as the preview lays out a
    /// viewport of `width` x `height` points; 1 when the terminal does not say.
    public static func currentScale(descriptor: Int32 = STDOUT_FILENO, viewportWidth width: Double, viewportHeight height: Double) -> Double {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0,
              let layout = Layout(columns: Int(size.ws_col), rows: Int(size.ws_row), viewportWidth: width, viewportHeight: height)
        else { return 1 }
        return layout.scale
    }
}
