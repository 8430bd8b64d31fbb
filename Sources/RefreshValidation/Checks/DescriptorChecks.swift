import RefreshHostABI
import RefreshPluginRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Descriptors: read raw from the library, before the host's own checks.
/// Each check's id, level and documentation are in Catalogue.swift.
enum DescriptorChecks {
    /// The descriptors as the library returns them, index by index.
    private static func raw(_ c: CheckContext) throws -> [(Int, UnsafePointer<rh_style_descriptor_t>?)] {
        let library = try c.library()
        let count = min(library.callStyleCount(), 256)
        return (0..<count).map { (Int($0), library.rawDescriptor(at: $0)) }
    }

    private static func text(_ p: UnsafePointer<CChar>?, _ field: String, max: Int, required: Bool) -> (String?, String?) {
        guard let p else { return (nil, required ? "\(field) is NULL" : nil) }
        let length = strnlen(p, max + 1)
        guard length <= max else { return (nil, "\(field) is longer than \(max) bytes") }
        guard let s = String(validatingCString: p) else { return (nil, "\(field) is not valid UTF-8") }
        if required && s.isEmpty { return (nil, "\(field) is empty") }
        // Quoted as the plugin wrote it: the report makes its control characters visible.
        if s.hasControlCharacters { return (s, "\(field) \"\(s)\" has control characters") }
        return (s, nil)
    }

    /// The descriptor as its plugin wrote it (a 1.0 plugin's is shorter than
    /// today's); nil when it is shorter than ABI 1.0's.
    static func read(_ pointer: UnsafePointer<rh_style_descriptor_t>) -> rh_style_descriptor_t? {
        VersionedStruct.read(pointer, minimum: VersionedStruct.descriptorMinimum)?.value
    }

    static func strings(_ c: CheckContext) throws -> Outcome {
        var problems: [String] = []
        let descriptors = try raw(c)
        let library = try c.library()
        for (i, pointer) in descriptors {
            guard let pointer else {
                // ABI 1.4: the plugin's own reason (style_error), as the loader read it.
                var reason = ""
                if i < library.styles.count, case let .failure(error) = library.styles[i], !error.message.hasSuffix("returned NULL") {
                    reason = ": " + error.message
                }
                problems.append("style_descriptor(\(i)) is NULL\(reason)")
                continue
            }
            guard let d = read(pointer) else {
                problems.append("style \(i): struct_size \(UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)) is smaller than ABI 1.0's"); continue
            }
            let (id, idProblem) = text(d.id, "id", max: 255, required: true)
            if let idProblem { problems.append("style \(i): \(idProblem)") }
            if let id, !StyleDescriptor.isReverseDNS(id) { problems.append("style \(i): id \"\(id)\" is not reverse-DNS") }
            for (value, field, max, required) in [(d.name, "name", 64, true), (d.version, "version", 32, true),
                                                  (d.vendor, "vendor", 64, false), (d.description, "description", 512, false)] {
                if let p = text(value, field, max: max, required: required).1 { problems.append("style \(i): \(p)") }
            }
            if var tag = d.tags {
                var n = 0
                while let t = tag.pointee {
                    if n == 32 { problems.append("style \(i): more than 32 tags"); break }
                    // A line of what the style does not draw (RH_TAG_UNSUPPORTED) is a sentence, not a word.
                    let max = strncmp(t, StyleDescriptor.unsupportedTagPrefix, StyleDescriptor.unsupportedTagPrefix.utf8.count) == 0
                        ? Int(RH_REASON_MAX) : 64
                    if let p = text(t, "tags[\(n)]", max: max, required: true).1 { problems.append("style \(i): \(p)") }
                    n += 1
                    tag += 1
                }
            }
        }
        guard problems.isEmpty else {
            return .failed(expected: "present, valid UTF-8 strings of sane length, without control characters", actual: problems.joined(separator: "; "))
        }
        return .passed("\(descriptors.count) descriptor(s)")
    }

    static func ranges(_ c: CheckContext) throws -> Outcome {
        var problems: [String] = []
        let descriptors = try raw(c)
        let library = try c.library()
        // ABI 1.3 added a presentation (front); an older plugin cannot mean it.
        let presentations = library.abiVersion.minor >= 3 ? 0...2 : 0...1
        for (i, pointer) in descriptors {
            guard let pointer, let d = read(pointer) else {
                continue // descriptors.strings reports it
            }
            func check(_ ok: Bool, _ what: String) { if !ok { problems.append("style \(i): \(what)") } }
            check(d.height.isFinite && d.height > 1 && d.height <= 1000, "height \(d.height) outside (1, 1000]")
            check(d.cycle_duration.isFinite && d.cycle_duration >= RH_MIN_CYCLE_DURATION && d.cycle_duration <= 60,
                  "cycle_duration \(d.cycle_duration) outside [\(RH_MIN_CYCLE_DURATION), 60]")
            check(d.cycle_delay.isFinite && d.cycle_delay >= 0 && d.cycle_delay <= 60, "cycle_delay \(d.cycle_delay) outside [0, 60]")
            check((0...5).contains(Int(d.cycle_curve)), "cycle_curve \(d.cycle_curve) is not an rh_curve_t")
            if Int(d.cycle_curve) == RH_CURVE_SPRING {
                check(d.cycle_spring_damping > 0 && d.cycle_spring_damping <= 1, "cycle_spring_damping \(d.cycle_spring_damping) outside (0, 1]")
                check(abs(d.cycle_spring_velocity) <= 100, "cycle_spring_velocity \(d.cycle_spring_velocity) outside [-100, 100]")
            }
            check(presentations.contains(Int(d.presentation)), "presentation \(d.presentation) is not an rh_presentation_t")
            check((0...2).contains(Int(d.anchor)), "anchor \(d.anchor) is not an rh_anchor_t")
        }
        // What else the host checks as it reads a descriptor (ABI 1.3's distances,
        // enums, flags, parameters and announcements): a style it refused, with its reason.
        for (i, style) in library.styles.enumerated() {
            guard case let .failure(error) = style, !problems.contains(where: { $0.hasPrefix("style \(i):") }),
                  i >= descriptors.count || descriptors[i].1 != nil  // a NULL one is descriptors.strings'
            else { continue }
            let reason = error.message.hasPrefix("style \(i): ") ? String(error.message.dropFirst("style \(i): ".count)) : error.message
            // Strings, a NULL descriptor and a short struct are descriptors.strings' to report.
            let stringsOwn = ["id", "name", "version", "vendor", "description", "tags", "struct_size", "style_descriptor"]
            guard !stringsOwn.contains(where: { reason.hasPrefix($0 + " ") || reason.hasPrefix($0 + "[") }) else { continue }
            problems.append("style \(i): \(reason)")
        }
        func index(_ problem: String) -> Int { Int(problem.dropFirst(6).prefix { $0.isNumber }) ?? 0 }
        problems = problems.enumerated().sorted { (index($0.element), $0.offset) < (index($1.element), $1.offset) }.map(\.element)
        guard problems.isEmpty else {
            return .failed(expected: "every number in its documented range", actual: problems.joined(separator: "; "))
        }
        return .passed("\(descriptors.count) descriptor(s) in range")
    }

    static func uniqueIDs(_ c: CheckContext) throws -> Outcome {
        var seen: [String: Int] = [:]
        var duplicates: [String] = []
        for (i, pointer) in try raw(c) {
            guard let d = pointer.flatMap(read), let p = d.id, let id = String(validatingCString: p) else { continue }
            if let first = seen[id] { duplicates.append("\"\(id)\" at \(first) and \(i)") } else { seen[id] = i }
        }
        guard duplicates.isEmpty else {
            return .failed(expected: "every style id once", actual: "duplicate id " + duplicates.joined(separator: ", "))
        }
        return .passed("\(seen.count) distinct id(s)")
    }

    /// The prefixes of ids nobody owns: a scaffold's default left in place
    /// collides with every other plugin that kept it.
    static let placeholderPrefixes = ["com.example.", "org.example.", "net.example.", "example."]

    static func placeholderIDs(_ c: CheckContext) throws -> Outcome {
        var placeholders: [String] = []
        var count = 0
        for (_, pointer) in try raw(c) {
            guard let d = pointer.flatMap(read), let p = d.id, let id = String(validatingCString: p) else { continue }
            count += 1
            if placeholderPrefixes.contains(where: { id.lowercased().hasPrefix($0) }) { placeholders.append(id) }
        }
        guard placeholders.isEmpty else {
            return .warning("placeholder id \(placeholders.joined(separator: ", ")): use a reverse-DNS name you own "
                + "(com.yourcompany.style) before you ship, or it clashes with every other plugin that kept it")
        }
        return .passed("\(count) id(s), none a placeholder")
    }

    static func unknownID(_ c: CheckContext) throws -> Outcome {
        let library = try c.library()
        let probe = "org.refreshhost.validator.no-such-style"
        guard !library.createsInstance(forUnlistedID: probe, log: HostLog()) else {
            return .failed(expected: "create(host, \"\(probe)\") returns NULL",
                           actual: "it returned an instance (destroyed at once)")
        }
        return .passed("create() returned NULL")
    }
}
