import ArgumentParser
import RefreshRender
import RefreshSession

extension PixelBudget {
    /// A usage error (2) naming the options and the limit when a frame of
    /// `size` points at `scale` cannot be drawn; an unreadable size is --size's own error.
    static func check(_ options: String, size: String, scale: Double) throws {
        guard let viewport = Viewport(size),
              let problem = problem(width: viewport.width, height: viewport.height, scale: scale) else { return }
        throw ValidationError("\(options): \(problem)")
    }
}
