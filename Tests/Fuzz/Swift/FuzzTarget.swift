import Glibc

/// The parsers `make fuzz` drives, one libFuzzer run each.
enum FuzzTarget: String, CaseIterable {
    /// The worker protocol's head and a one-shot worker's whole output (hello checked, frames split).
    case workerWire = "worker-wire"
    /// A session worker's input: the open, then batches of commands.
    case sessionToWorker = "session-to-worker"
    /// A session supervisor's input: opened, frames (snapshots, images), events, problems, finished.
    case sessionToHost = "session-to-host"
    /// A scan worker's input (the request) and a scanner's input (the outcomes).
    case scanWire = "scan-wire"
    /// The registry cache file, through RegistryCache.read.
    case registryCache = "registry-cache"
    /// A plugin file's ELF header and dynamic section, through the file gate and the ELF reader.
    case elf = "elf"
    /// A dotLottie's manifest.json, through ManifestJSON (read, written back, read again).
    case dotlottieManifest = "dotlottie-manifest"
    /// A folder's listing as a kept catalog output holds it, through FolderListing(wireBytes:).
    case folderListing = "folder-listing"

    /// REFRESH_FUZZ_TARGET's target; a run without one (or with an unknown one) stops at once.
    static let selected: FuzzTarget = {
        let name = getenv("REFRESH_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            let line = Array("REFRESH_FUZZ_TARGET must be one of: \(names)\n".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(2)
        }
        return target
    }()

    func prepare() {
        switch self {
        case .registryCache: RegistryCacheFuzz.prepare()
        case .elf: FileGateFuzz.prepare()
        default: break
        }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .workerWire: WorkerWireFuzz.run(bytes)
        case .sessionToWorker: SessionWireFuzz.toWorker(bytes)
        case .sessionToHost: SessionWireFuzz.toHost(bytes)
        case .scanWire: ScanWireFuzz.run(bytes)
        case .registryCache: RegistryCacheFuzz.run(bytes)
        case .elf: FileGateFuzz.run(bytes)
        case .dotlottieManifest: ManifestFuzz.run(bytes)
        case .folderListing: FolderListingFuzz.run(bytes)
        }
    }
}
