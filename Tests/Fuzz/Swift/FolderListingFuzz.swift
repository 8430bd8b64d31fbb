import RefreshDiscovery
import RefreshPluginRuntime

/// A folder's listing as CatalogOutputCache keeps it (FolderListing's wire
/// form), the part of a kept output's head a warm walk acts on: a read never
/// crashes, and what it accepts names only what a folder read could (one
/// name, or a style folder's name and one more) and reads back as itself once
/// written (bytes may differ: invalid UTF-8 is replaced when read).
enum FolderListingFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let listing = try? FolderListing(wireBytes: bytes) else { return }
        let names = listing.files + listing.others.map(\.name)
        guard names.allSatisfy({ !$0.hasPrefix(".") && !$0.hasPrefix("/") && !$0.contains("/.") && !$0.contains("//") }),
              (try? FolderListing(wireBytes: listing.wireBytes)) == listing
        else { fatalError("a folder listing read back names what no folder read could, or does not read back as itself") }
    }

    /// A listing with a style folder, a file in it and a name that is not one, for the seed corpus.
    static var seed: [UInt8] {
        let identity = FileIdentity(device: 1, inode: 2, size: 3, mtimeSeconds: 4, mtimeNanoseconds: 5, ctimeSeconds: 6, ctimeNanoseconds: 7)
        return FolderListing(path: "/p", identity: identity, files: ["Style/libs.so", "liba.so"],
                             others: [.init(name: "Style", folder: identity), .init(name: "README", folder: nil)]).wireBytes
    }
}
