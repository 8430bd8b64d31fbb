import CPixels
import RefreshHostABI
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// ABI 1.2: images (pixels and PNG assets), image layers and frame sequences,
/// and the output's pixel scale.
extension HostServices {
    static func installImages(_ t: inout rh_host_t) {
        t.image_create = imageCreate
        t.image_load = imageLoad
        t.image_release = imageRelease
        t.layer_set_image = layerSetImage
        t.layer_set_image_sequence = layerSetImageSequence
        t.pixel_scale = pixelScale
    }

    /// rh_image_pixels_t.stride's upper bound.
    static let maxImageStride = 4 * RasterImage.maxSide + 64

    /// Refuses an image of `bytes` that would take the instance past RH_IMAGE_MAX_BYTES.
    static func checkImageBudget(_ bytes: Int, _ what: String, _ context: InstanceContext) throws(ServiceError) {
        let held = context.images.heldBytes(shown: context.root == 0 ? [] : context.tree.imagesShown(under: context.root))
        guard held + bytes <= context.images.limit else {
            throw ServiceError(RH_ERR_LIMIT, "\(what) needs \(bytes) bytes; this instance holds \(held) of its \(context.images.limit)")
        }
    }

    /// An image handle of this instance.
    static func ownedImage(_ handle: rh_image_t, _ context: InstanceContext) throws(ServiceError) -> RasterImage {
        guard let image = context.images.image(handle) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "image \(handle) is not one of this instance's images (made up, released or another instance's)")
        }
        return image
    }

    static let imageCreate: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<rh_image_pixels_t>?, UnsafeMutablePointer<rh_image_t>?) -> rh_status_t = {
        host, pixels, out in
        out?.pointee = rh_image_t(RH_IMAGE_NONE)
        return serve(host, "image_create", shown(pixels)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            guard let pixels else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "pixels is NULL") }
            let (p, _) = try VersionedStruct.require(pixels, minimum: MemoryLayout<rh_image_pixels_t>.size, name: "pixels")
            let width = Int(p.width), height = Int(p.height), stride = Int(p.stride)
            guard (1...RasterImage.maxSide).contains(width), (1...RasterImage.maxSide).contains(height) else {
                throw ServiceError(RH_ERR_OUT_OF_RANGE, "a \(width) x \(height) image; each side must be in [1, \(RH_IMAGE_MAX_SIDE)]")
            }
            guard stride >= 4 * width, stride <= maxImageStride else {
                throw ServiceError(RH_ERR_OUT_OF_RANGE, "stride \(p.stride) for a width of \(width); it must be in [\(4 * width), \(maxImageStride)]")
            }
            guard let rgba = p.rgba else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "pixels.rgba is NULL") }
            try checkImageBudget(width * height * 4, "a \(width) x \(height) image", context)
            let image = RasterImage(serial: RasterImage.nextSerial(), width: width, height: height,
                                    pixels: premultiplied(rgba, width: width, height: height, stride: stride))
            out.pointee = context.images.add(image)
        }
    }

    /// Straight RGBA rows to premultiplied ARGB32 in native byte order (cairo's).
    static func premultiplied(_ rgba: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            // In C at -O2 (CPixels): every frame of a style that draws per frame comes through here.
            let words = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt32.self)
            rh_premultiply_rgba(rgba, stride, width, height, words)
            initialized = width * height * 4
        }
    }

    static let imageLoad: @convention(c) (UnsafePointer<rh_host_t>?, UnsafePointer<CChar>?, UnsafeMutablePointer<rh_image_t>?) -> rh_status_t = {
        host, path, out in
        out?.pointee = rh_image_t(RH_IMAGE_NONE)
        return serve(host, "image_load", shown(path)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            guard let path else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "path is NULL") }
            guard strnlen(path, PNGAsset.maxPathBytes + 1) <= PNGAsset.maxPathBytes else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "the asset path is longer than \(PNGAsset.maxPathBytes) bytes")
            }
            guard let relative = String(validatingCString: path) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "the asset path is not valid UTF-8")
            }
            // Since 1.5 the plain name picks its @2x / @3x file for the output's scale.
            let variant = context.pluginMinor >= 5
                ? ScaleVariant.choose(relative, outputScale: context.pixelScale) { name in
                    (try? PNGAsset.resolve(name, in: context.pluginFolder)) != nil
                }
                : ScaleVariant(relative: relative, scale: 1)
            let file = try PNGAsset.resolve(variant.relative, in: context.pluginFolder)
            if let decoded = DecodedImages.shared.lookup(file).image {
                try checkImageBudget(decoded.byteCount, "\(file) (\(decoded.width) x \(decoded.height))", context)
                out.pointee = context.images.add(RasterImage(serial: RasterImage.nextSerial(), samePixelsAs: decoded,
                                                             scale: variant.scale))
                context.images.loads += 1
                return
            }
            let (bytes, identity) = try PNGAsset.read(file)
            // The size first: a small file may declare a huge image.
            let size = try PNGAsset.declaredSize(bytes, file)
            try checkImageBudget(size.width * size.height * 4, "\(file) (\(size.width) x \(size.height))", context)
            let image = try PNGAsset.decode(bytes, size: size, file, serial: RasterImage.nextSerial())
            DecodedImages.shared.store(image, for: DecodedImages.Key(path: file, identity: identity))
            out.pointee = context.images.add(variant.scale == 1 ? image
                : RasterImage(serial: RasterImage.nextSerial(), samePixelsAs: image, scale: variant.scale))
            context.images.loads += 1
        }
    }

    static let imageRelease: @convention(c) (UnsafePointer<rh_host_t>?, rh_image_t) -> rh_status_t = { host, image in
        serve(host, "image_release", shown(image)) { context throws(ServiceError) in
            guard context.images.release(image) else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "image \(image) is not one of this instance's images (made up, released or another instance's)")
            }
        }
    }

    static let layerSetImage: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_image_t) -> rh_status_t = {
        host, layer, image in
        serve(host, "layer_set_image", shown(layer, image)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            let shown = image == rh_image_t(RH_IMAGE_NONE) ? nil : try ownedImage(image, context)
            try layerError { () throws(LayerError) in try context.tree.setImage(shown, on: id) }
        }
    }

    static let layerSetImageSequence: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_image_sequence_t>?, rh_completion_fn?, UnsafeMutableRawPointer?) -> rh_status_t = {
        host, layer, sequence, completion, user in
        serve(host, "layer_set_image_sequence", shown(layer, sequence, completion, user)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard context.tree.kind(of: id) == .image else {
                throw ServiceError(RH_ERR_INVALID_ARGUMENT, "layer \(id) is not an image layer")
            }
            guard let sequence else {
                try layerError { () throws(LayerError) in try context.tree.setImageSequence(nil, on: id, completion: nil) }
                return
            }
            let (s, _) = try VersionedStruct.require(sequence, minimum: MemoryLayout<rh_image_sequence_t>.size, name: "sequence")
            // Counted before a frame is read, so a wild count reads nothing.
            guard (1...UInt32(ImageSequence.maxFrames)).contains(s.count) else {
                throw ServiceError(RH_ERR_OUT_OF_RANGE, "a sequence of \(s.count) frames; it must have 1 to \(RH_IMAGE_SEQUENCE_MAX)")
            }
            guard let frames = s.frames else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "sequence.frames is NULL") }
            var images: [RasterImage] = []
            images.reserveCapacity(Int(s.count))
            for i in 0..<Int(s.count) {
                guard let image = context.images.image(frames[i]) else {
                    throw ServiceError(RH_ERR_INVALID_ARGUMENT, "frame \(i): image \(frames[i]) is not one of this instance's images")
                }
                images.append(image)
            }
            let steps = ImageSequence(frames: images, frameDuration: s.frame_duration, delay: s.delay, repeatCount: s.repeat_count)
            let done = context.completion(completion, user)
            try layerError { () throws(LayerError) in try context.tree.setImageSequence(steps, on: id, completion: done) }
        }
    }

    static let pixelScale: @convention(c) (UnsafePointer<rh_host_t>?) -> Double = { host in
        traced(host, "pixel_scale", shown()) {
            guard let context = InstanceContext.from(host) else { return 1 }
            guard context.isOnOwnerThread else { context.noteOffThread("pixel_scale"); return 1 }
            guard !context.destroyed else {
                context.note(.misuse, .error, "pixel_scale called after destroy; returned 1")
                return 1
            }
            return context.pixelScale
        }
    }
}
