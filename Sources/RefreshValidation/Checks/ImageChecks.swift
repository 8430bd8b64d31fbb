import RefreshPluginRuntime
import RefreshLayers

/// Images (ABI 1.2): the bytes an instance holds, and PNG assets that load.
/// Each check's id, level and documentation are in Catalogue.swift.
enum ImageChecks {
    /// Past this an instance's images are worth a warning: a quarter of RH_IMAGE_MAX_BYTES.
    static let warningBytes = RasterImage.maxBytesPerInstance / 4

    /// image_create or image_load refused for RH_IMAGE_MAX_BYTES.
    static func isOverBudget(_ entry: HostLog.Entry) -> Bool {
        entry.kind == .misuse && (entry.message.hasPrefix("image_create: ") || entry.message.hasPrefix("image_load: "))
            && entry.message.hasSuffix("(status \(-6))")
    }

    static func isAssetRefusal(_ entry: HostLog.Entry) -> Bool {
        entry.kind == .misuse && entry.message.hasPrefix("image_load: ")
    }

    /// What values.misuse leaves to these checks.
    static func isImageRefusal(_ entry: HostLog.Entry) -> Bool { isAssetRefusal(entry) || isOverBudget(entry) }

    /// A fresh instance of each style, handed to `onDriver`; the first outcome it returns ends the check.
    private static func run(_ c: CheckContext, _ onDriver: (StyleDescriptor, Driver) -> Outcome?) throws -> Outcome? {
        for d in try c.styles() {
            let driver = try c.driver(d)
            defer { driver.close() }
            if let outcome = onDriver(d, driver) { return outcome }
        }
        return nil
    }

    static func imageBytes(_ c: CheckContext) throws -> Outcome {
        var most = (bytes: 0, style: "")
        let failure = try run(c) { d, driver in
            most = max(most, (driver.animator.imageBytes, d.id), by: \.bytes)
            for g in ValueChecks.gestures {
                var shifted = g
                shifted.startTime = driver.now
                driver.run(shifted) { most = max(most, (driver.animator.imageBytes, d.id), by: \.bytes) }
            }
            guard let refused = driver.log.entries.first(where: isOverBudget) else { return nil }
            return .failed(expected: "every image within the instance's \(RasterImage.maxBytesPerInstance >> 20) MiB",
                           actual: "\(d.id): the host refused an image at \(fmt(refused.time)) s: \(refused.message)",
                           gesture: ValueChecks.gestureText)
        }
        if let failure { return failure }
        let mib = fmt(Double(most.bytes) / Double(1 << 20), 2)
        return most.bytes > warningBytes
            ? .warning("\(most.style): \(mib) MiB of images in one instance; budget \(warningBytes >> 20) MiB")
            : .passed("at most \(mib) MiB of images")
    }

    static func assets(_ c: CheckContext) throws -> Outcome {
        var loads = 0
        let failure = try run(c) { d, driver in
            for g in ValueChecks.gestures {
                var shifted = g
                shifted.startTime = driver.now
                driver.run(shifted)
            }
            let refused = driver.log.entries.filter(isAssetRefusal)
            loads += driver.animator.imageLoads
            guard let first = refused.first else { return nil }
            return .failed(expected: "every asset image_load asks for loads (a PNG inside the plugin's folder)",
                           actual: "\(d.id): \(refused.count) refused, first at \(fmt(first.time)) s: \(first.message)",
                           gesture: "creating an instance, then " + ValueChecks.gestureText)
        }
        if let failure { return failure }
        return .passed(loads == 0 ? "no assets loaded" : "\(loads) asset load(s), none refused")
    }
}

private func max<T>(_ a: T, _ b: T, by key: KeyPath<T, Int>) -> T { b[keyPath: key] > a[keyPath: key] ? b : a }
