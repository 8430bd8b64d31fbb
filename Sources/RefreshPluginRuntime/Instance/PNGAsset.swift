import CCairo
import RefreshHostABI
import RefreshLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A PNG asset beside a plugin's .so (image_load): where it may be, how big
/// it says it is, and its pixels. Every refusal is a ServiceError whose line
/// names the file and the cause.
enum PNGAsset {
    /// image_load's path limit, in bytes.
    static let maxPathBytes = 1024
    /// No PNG of at most RH_IMAGE_MAX_SIDE x RH_IMAGE_MAX_SIDE pixels is
    /// larger, even stored uncompressed with 16-bit channels (8 bytes a
    /// pixel, a filter byte a row, chunk framing): a bigger file is garbage.
    static let maxFileBytes = 8 * RasterImage.maxSide * RasterImage.maxSide + (8 << 20)

    /// The canonical path of `relative` inside `folder`, refusing anything
    /// that is absolute, names "..", or resolves (links followed) outside it.
    static func resolve(_ relative: String, in folder: String) throws(ServiceError) -> String {
        guard !relative.isEmpty else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "the asset path is empty") }
        guard !relative.hasPrefix("/") else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(relative): an absolute path; assets are named relative to the plugin's folder")
        }
        guard !relative.split(separator: "/").contains("..") else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(relative): \"..\" leaves the plugin's folder")
        }
        guard let root = realPath(folder) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(relative): the plugin's folder \(folder) cannot be resolved")
        }
        let joined = (root == "/" ? "" : root) + "/" + relative
        guard let resolved = realPath(joined) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(joined): \(String(cString: strerror(errno)))")
        }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(joined): resolves to \(resolved), outside the plugin's folder \(root)")
        }
        return resolved
    }

    /// The whole file, read through one descriptor (what is checked is what
    /// is decoded): a regular file of at most maxFileBytes, with the identity
    /// of what was read (what a decoded image is cached under).
    static func read(_ path: String) throws(ServiceError) -> (bytes: [UInt8], identity: FileIdentity) {
        // O_NONBLOCK: a FIFO planted in the folder must not hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): cannot be examined") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): \(what), not a PNG")
        }
        guard info.st_size <= maxFileBytes else {
            throw ServiceError(RH_ERR_OUT_OF_RANGE, "\(path): \(info.st_size) bytes, larger than any PNG of at most \(RasterImage.maxSide) x \(RasterImage.maxSide) pixels")
        }
        let (bytes, error) = FileBytes.read(fd, upTo: Int(info.st_size))
        if let error { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): \(String(cString: strerror(error)))") }
        return (bytes, FileIdentity(info))
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The size the PNG's IHDR chunk declares, read before anything is decoded.
    static func declaredSize(_ bytes: [UInt8], _ path: String) throws(ServiceError) -> (width: Int, height: Int) {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): not a PNG (no PNG signature)")
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard u32(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): not a PNG (its first chunk is not IHDR)")
        }
        let width = u32(16), height = u32(20)
        guard width > 0, height > 0 else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): does not decode (IHDR says \(width) x \(height))")
        }
        guard width <= RasterImage.maxSide, height <= RasterImage.maxSide else {
            throw ServiceError(RH_ERR_OUT_OF_RANGE, "\(path): \(width) x \(height) pixels, over the \(RH_IMAGE_MAX_SIDE)-pixel limit")
        }
        return (width, height)
    }

    /// Decodes `bytes` (whose IHDR said `size`) with cairo into premultiplied ARGB32.
    static func decode(_ bytes: [UInt8], size: (width: Int, height: Int), _ path: String, serial: UInt64)
        throws(ServiceError) -> RasterImage
    {
        var stream = ByteStream(bytes: bytes)
        let surface = withUnsafeMutablePointer(to: &stream) { pointer in
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let stream = closure.assumingMemoryBound(to: ByteStream.self)
                return stream.pointee.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, pointer)
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): does not decode (\(String(cString: cairo_status_to_string(status))))")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard width == size.width, height == size.height else {
            throw ServiceError(RH_ERR_INVALID_ARGUMENT, "\(path): decoded to \(width) x \(height), not the \(size.width) x \(size.height) its IHDR says")
        }
        // Whatever cairo made (ARGB32, or RGB24 with an undefined alpha byte),
        // painted onto ARGB32 is the one format RasterImage holds.
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(target) == CAIRO_STATUS_SUCCESS
        else { throw ServiceError(RH_ERR_LIMIT, "\(path): no memory for \(width) x \(height) pixels") }
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(target)!)
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initialized in
            for row in 0..<height {
                (buffer.baseAddress! + row * rowBytes).initialize(
                    from: data.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self), count: rowBytes)
            }
            initialized = rowBytes * height
        }
        return RasterImage(serial: serial, width: width, height: height, pixels: pixels)
    }

    private static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

/// The bytes cairo's PNG reader pulls from.
private struct ByteStream {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into data: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { data.initialize(from: $0.baseAddress! + offset, count: count) }
        offset += count
        return true
    }
}
