import CGif
import CWebP
import Foundation

/// A GIF read back with giflib: frame delays (cs), the loop count from the
/// NETSCAPE2.0 extension, and the canvas after every frame is drawn (RGB),
/// handed to `eachFrame` (index, canvas) as it goes.
struct DecodedGIF {
    var width = 0, height = 0
    var delays: [Int] = []
    var loopCount: Int?
    var canvas: [UInt8] = []

    init(path: String, eachFrame: ((Int, [UInt8]) -> Void)? = nil) throws {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw FixtureError("giflib cannot open \(path): \(error)") }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw FixtureError("giflib cannot read \(path): \(gif.pointee.Error)") }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        canvas = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            var gcb = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(gif, Int32(i), &gcb) == GIF_OK { delays.append(Int(gcb.DelayTime)) }
            for e in 0..<Int(image.ExtensionBlockCount) {
                let block = image.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                   e + 1 < Int(image.ExtensionBlockCount),
                   String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0" {
                    let data = image.ExtensionBlocks[e + 1]
                    loopCount = Int(data.Bytes[1]) | Int(data.Bytes[2]) << 8
                }
            }
            let d = image.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw FixtureError("frame \(i) has no colours") }
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let index = Int(image.RasterBits[y * Int(d.Width) + x])
                    let c = map.pointee.Colors[index]
                    let o = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 3
                    canvas[o] = c.Red
                    canvas[o + 1] = c.Green
                    canvas[o + 2] = c.Blue
                }
            }
            eachFrame?(i, canvas)
        }
    }
}

/// An animated WebP read back with libwebp's WebPAnimDecoder.
struct DecodedWebP {
    var width = 0, height = 0
    var loopCount = -1
    /// When each frame ends, in ms.
    var timestamps: [Int] = []
    /// The last frame, RGBA.
    var last: [UInt8] = []

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw FixtureError("libwebp version") }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw FixtureError("not a WebP: \(path)") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw FixtureError("no WebP info") }
            width = Int(info.canvas_width)
            height = Int(info.canvas_height)
            loopCount = Int(info.loop_count)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw FixtureError("bad WebP frame")
                }
                timestamps.append(Int(timestamp))
                last = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
            }
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
