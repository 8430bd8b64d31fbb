import RefreshHostABI

/// An image the host holds for this instance (ABI 1.2), shown by image
/// layers (`Layer.show`). Made from pixels or from a PNG that ships beside
/// the plugin. Valid until `release()` or the instance's destroy; layers
/// that show it keep showing it after a release. Copying an `Image` copies
/// the handle, not the pixels.
public struct Image: Hashable {
    public let host: StyleHost
    public let handle: rh_image_t

    /// RH_IMAGE_MAX_SIDE: each side is at most this many pixels.
    public static let maxSide = Int(RH_IMAGE_MAX_SIDE)
    /// RH_IMAGE_MAX_BYTES: the pixels one instance may hold at once, at 4
    /// bytes a pixel.
    public static let maxBytes = 64 * 1024 * 1024  // a macro Swift cannot import; a test compares

    /// An image of `width` x `height` straight (not premultiplied) RGBA
    /// pixels, 4 bytes each, rows top first with no padding. Nil if `pixels`
    /// is too short (the kit never lets the host read past it) or the host
    /// refused (a side of 0 or over `maxSide`, past `maxBytes`: it logged why).
    public init?(pixels: [UInt8], width: Int, height: Int, in host: StyleHost) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide,
              pixels.count >= 4 * width * height
        else {
            host.log("Image(pixels:): \(pixels.count) bytes for \(width) x \(height) pixels (sides 1...\(Self.maxSide), 4 bytes a pixel)",
                     level: .error)
            return nil
        }
        let raw = host.raw
        var handle = RH_IMAGE_NONE
        let result = pixels.withUnsafeBufferPointer { buffer in
            var p = rh_image_pixels_t(struct_size: UInt32(MemoryLayout<rh_image_pixels_t>.size),
                                      width: UInt32(width), height: UInt32(height), stride: 4 * width,
                                      rgba: buffer.baseAddress)
            return raw.pointee.image_create?(raw, &p, &handle)
        }
        guard succeeded(result), handle != RH_IMAGE_NONE else { return nil }
        self.host = host
        self.handle = handle
    }

    /// A PNG asset, `path` relative to the folder that holds the plugin's
    /// `.so` ("assets/drop.png"). Nil if the host refused: a path that is
    /// absolute or leaves that folder, a missing or damaged file, a side
    /// over `maxSide`, past `maxBytes` (it logged which, naming the file).
    public init?(asset path: String, in host: StyleHost) {
        let raw = host.raw
        var handle = RH_IMAGE_NONE
        let result = path.withCString { raw.pointee.image_load?(raw, $0, &handle) }
        guard succeeded(result), handle != RH_IMAGE_NONE else { return nil }
        self.host = host
        self.handle = handle
    }

    /// Gives the handle back: it counts against `maxBytes` no more once no
    /// layer shows it. Use the image no more afterwards.
    @discardableResult
    public func release() -> Status {
        status(host.raw.pointee.image_release?(host.raw, handle))
    }

    public static func == (a: Image, b: Image) -> Bool {
        a.handle == b.handle && a.host.raw == b.host.raw
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle)
        hasher.combine(host.raw)
    }
}

/// Where an image layer's image goes in its bounds (CALayer.contentsGravity).
public enum ContentsGravity: Int32, Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds (the default).
    case resize = 0
    /// As large as fits, centred, aspect kept.
    case resizeAspect = 1
    /// As small as covers, centred, aspect kept, cut at the bounds.
    case resizeAspectFill = 2
    /// Its own size (pixels / contentsScale), centred.
    case center = 3
}

extension Layer {
    /// Shows `image` in an image layer (nil: none), replacing a sequence.
    /// Not animatable.
    @discardableResult
    public func show(_ image: Image?) -> Status {
        let raw = host.raw
        return status(raw.pointee.layer_set_image?(raw, handle, image?.handle ?? RH_IMAGE_NONE))
    }

    /// Where the image goes in the bounds. Snaps.
    public var contentsGravity: ContentsGravity {
        get { ContentsGravity(rawValue: Int32(get(.contentsGravity))) ?? .resize }
        nonmutating set { set(.contentsGravity, Double(newValue.rawValue)) }
    }

    /// Image pixels per point, for `.center` (a 2x image at 2 shows at its
    /// point size); 1 by default. Set it to `host.pixelScale` for images
    /// drawn at the output's resolution.
    public var contentsScale: Double { get { get(.contentsScale) } nonmutating set { set(.contentsScale, newValue) } }
}
