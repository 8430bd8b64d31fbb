import RefreshHostABI
import RefreshLayers

/// Raw access to a loaded library for the conformance validator, which must
/// look at what the plugin declares before the host's own checks tidy it up.
/// Every call still goes through the dispatcher.
extension PluginLibrary {
    /// style_count() as the library answers it (the loader reads at most 256).
    public func callStyleCount() -> UInt32 {
        dispatcher.call(.styleCount, styleCountFunction, [], target: path).uint32Value
    }

    /// The descriptor the library returns for `index`, unchecked; NULL stays nil.
    public func rawDescriptor(at index: UInt32) -> UnsafePointer<rh_style_descriptor_t>? {
        guard let fn = entry.pointee.style_descriptor else { return nil }
        return dispatcher.call(.styleDescriptor, unsafeBitCast(fn, to: UnsafeRawPointer.self), [.uint32(index)],
                               target: path).pointerValue?.assumingMemoryBound(to: rh_style_descriptor_t.self)
    }

    /// The dispatcher every call into this library goes through.
    public var pluginDispatcher: PluginDispatcher { dispatcher }

    /// Asks create() for a style id the library does not list: the header
    /// wants NULL. Returns true when the library made an instance anyway; the
    /// host then destroys it at once (setup is never called).
    public func createsInstance(forUnlistedID id: String, log: HostLog) -> Bool {
        let tree = LayerTree(timeline: Timeline())
        let context = InstanceContext(label: log.nextLabel(for: id), tree: tree, log: log, dispatcher: dispatcher)
        context.pluginMinor = abiVersion.minor
        context.pluginFolder = PluginLibrary.folder(of: path)
        let create = unsafeBitCast(entry.pointee.create!, to: UnsafeRawPointer.self)
        let made = id.withCString { cID in
            dispatcher.call(.create, create, [.pointer(UnsafeRawPointer(context.host)),
                                              .string(UInt(bitPattern: cID), id)], target: path).pointerValue
        }
        guard let made else {
            context.destroyed = true
            return false
        }
        let instance = made.assumingMemoryBound(to: rh_instance_t.self)
        if let destroy = VersionedStruct.read(instance, minimum: VersionedStruct.instanceMinimum)?.value.destroy {
            context.destroying = true
            context.invoke(.destroy, unsafeBitCast(destroy, to: UnsafeRawPointer.self), [.pointer(UnsafeRawPointer(made))])
        }
        context.destroyed = true
        return true
    }
}

extension PluginLibrary {
    /// The folder that holds a library: where its assets live (image_load).
    public static func folder(of libraryPath: String) -> String {
        guard let slash = libraryPath.lastIndex(of: "/") else { return "." }
        let folder = String(libraryPath[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
