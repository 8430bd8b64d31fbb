import CFontconfig
import RefreshHostABI
import RefreshLayers

#if canImport(Glibc)
import Glibc
#endif

/// ABI 1.2: presentation values, dash patterns, masks and fonts.
extension HostServices {
    static func installDrawing(_ t: inout rh_host_t) {
        t.layer_get_presentation = layerGetPresentation
        t.layer_get_presentation_color = layerGetPresentationColor
        t.layer_set_dash = layerSetDash
        t.layer_set_mask = layerSetMask
        t.layer_set_font = layerSetFont
    }

    static let layerGetPresentation: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_property_t, UnsafeMutablePointer<Double>?) -> rh_status_t = {
        host, layer, property, out in
        serve(host, "layer_get_presentation", shown(layer, property)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let id = try owned(layer, context)
            let p = try properties(property)[0]
            out.pointee = try layerError { () throws(LayerError) in try context.tree.presentationValue(p, of: id) }
        }
    }

    static let layerGetPresentationColor: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_color_property_t, UnsafeMutablePointer<rh_color_t>?) -> rh_status_t = {
        host, layer, property, out in
        serve(host, "layer_get_presentation_color", shown(layer, property)) { context throws(ServiceError) in
            guard let out else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "out is NULL") }
            let id = try owned(layer, context)
            let p = try colorProperty(property)
            let c = try layerError { () throws(LayerError) in try context.tree.presentationColor(p, of: id) }
            out.pointee = rh_color_t(r: c.r, g: c.g, b: c.b, a: c.a)
        }
    }

    static let layerSetDash: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<Double>?, UInt32) -> rh_status_t = {
        host, layer, lengths, count in
        serve(host, "layer_set_dash", shown(layer, lengths, count)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            // Counted before anything is read, so a wild count reads nothing.
            guard count <= UInt32(LayerTree.maxDashCount) else {
                throw ServiceError(RH_ERR_LIMIT, "dash pattern of \(count) lengths (at most \(RH_DASH_MAX_COUNT))")
            }
            guard count == 0 || lengths != nil else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "lengths is NULL") }
            let pattern = (0..<Int(count)).map { lengths![$0] }
            try layerError { () throws(LayerError) in try context.tree.setDash(pattern, on: id) }
        }
    }

    static let layerSetMask: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, rh_layer_t, rh_mask_mode_t) -> rh_status_t = {
        host, layer, mask, mode in
        serve(host, "layer_set_mask", shown(layer, mask, mode)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard mask != 0 else {
                try layerError { () throws(LayerError) in try context.tree.setMask(nil, on: id) }
                return
            }
            let maskID = try owned(mask, context)
            guard let m = MaskMode(rawValue: mode) else { throw ServiceError(RH_ERR_INVALID_ARGUMENT, "unknown mask mode \(mode)") }
            try layerError { () throws(LayerError) in try context.tree.setMask(LayerMask(layer: maskID, mode: m), on: id) }
        }
    }

    static let layerSetFont: @convention(c) (UnsafePointer<rh_host_t>?, rh_layer_t, UnsafePointer<rh_font_t>?) -> rh_status_t = {
        host, layer, font in
        serve(host, "layer_set_font", shown(layer, font)) { context throws(ServiceError) in
            let id = try owned(layer, context)
            guard let font else {
                try layerError { () throws(LayerError) in try context.tree.setFont(nil, on: id) }
                return
            }
            let (f, _) = try VersionedStruct.require(font, minimum: MemoryLayout<rh_font_t>.size, name: "font")
            var family = FontSpec.defaultFamily
            if let name = f.family {
                guard strnlen(name, FontSpec.maxFamilyBytes + 1) <= FontSpec.maxFamilyBytes else {
                    throw ServiceError(RH_ERR_INVALID_ARGUMENT, "font family is longer than \(FontSpec.maxFamilyBytes) bytes")
                }
                guard let s = String(validatingCString: name) else {
                    throw ServiceError(RH_ERR_INVALID_ARGUMENT, "font family is not valid UTF-8")
                }
                family = s
            }
            // A family fontconfig does not know is drawn in the default one:
            // stored so, and said (RH_WARN_ADJUSTED and one line), once the
            // call is otherwise sure to succeed.
            if family != FontSpec.defaultFamily, context.tree.kind(of: id) == .text,
               FontSpec(family: family, weight: f.weight).problem == nil, !InstalledFamilies.contains(family) {
                context.adjustedInCall = true
                context.note(.misuse, .warning,
                             "layer_set_font: no installed font has the family \"\(family)\"; "
                             + "drawn in \(FontSpec.defaultFamily)")
                family = FontSpec.defaultFamily
            }
            let spec = FontSpec(family: family, weight: f.weight, italic: f.italic)
            try layerError { () throws(LayerError) in try context.tree.setFont(spec, on: id) }
        }
    }
}
