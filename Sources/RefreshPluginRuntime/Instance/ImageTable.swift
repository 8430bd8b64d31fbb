import RefreshHostABI
import RefreshLayers

/// The images one instance holds (image_create, image_load): handles to
/// pixels, and the RH_IMAGE_MAX_BYTES budget. A handle is the low 32 bits of
/// the image's process-wide serial, so another instance's handle (or a
/// released one) is never found here: handles are never reused within the
/// first 2^32 images a process makes.
final class ImageTable {
    /// Only looked up and summed, never iterated in an order that matters.
    private var images: [rh_image_t: RasterImage] = [:]
    /// Bytes one instance may hold; RH_IMAGE_MAX_BYTES.
    let limit: Int

    init(limit: Int = RasterImage.maxBytesPerInstance) {
        self.limit = limit
    }

    var count: Int { images.count }
    /// Successful image_load calls, for the validator's report.
    var loads = 0

    func image(_ handle: rh_image_t) -> RasterImage? {
        handle == 0 ? nil : images[handle]
    }

    /// Stores `image` and returns its handle.
    func add(_ image: RasterImage) -> rh_image_t {
        let handle = rh_image_t(truncatingIfNeeded: image.serial)
        images[handle] = image
        return handle
    }

    /// False for an unknown or released handle.
    func release(_ handle: rh_image_t) -> Bool {
        images.removeValue(forKey: handle) != nil
    }

    func removeAll() { images.removeAll() }

    /// The bytes counting against the limit: every live handle's pixels, and
    /// released images that a layer still shows (`shown`), each once.
    func heldBytes(shown: [RasterImage]) -> Int {
        var total = images.values.reduce(0) { $0 + $1.byteCount }
        for image in shown where images[rh_image_t(truncatingIfNeeded: image.serial)] !== image {
            total += image.byteCount
        }
        return total
    }
}
