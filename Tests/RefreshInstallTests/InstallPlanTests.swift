import Foundation
import RefreshExitStatus
import RefreshInstall
import RefreshTestSupport
import Testing

/// Where `install` puts a folder, decided before anything is copied, and the status of each refusal.
@Suite struct InstallPlanTests {
    /// A style folder under `root`: `files` (relative paths) with a line of text each.
    static func folder(_ root: String, _ name: String, _ files: [String]) throws -> String {
        let path = root + "/" + name
        for file in files {
            let full = path + "/" + file
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: full))
        }
        return path
    }

    @Test("a plugin folder goes to the user plugin folder, a designer's to the adapters' data folder; validate checks each .so")
    func roots() throws {
        let work = TemporaryDirectory()
        defer { work.remove() }
        let environment = ["HOME": work.path + "/home", "XDG_DATA_HOME": work.path + "/data"]
        let code = try InstallPlan(path: try Self.folder(work.path, "Drops", ["libA.so", "libB.so", "README.md"]), replace: false,
                                   environment: environment)
        #expect(code.root == work.path + "/home/.local/lib/refresh-host/plugins")
        #expect(code.destination == code.root + "/Drops")
        #expect(code.targets == [work.path + "/Drops/libA.so", work.path + "/Drops/libB.so"])
        let design = try InstallPlan(path: try Self.folder(work.path, "Wave", ["wave.json"]), replace: false, environment: environment)
        #expect(design.root == work.path + "/data/refresh-host/styles")
        #expect(design.targets == [work.path + "/Wave"])
    }

    @Test("refusals carry their status: not a style folder 3, no home 2, already installed 2 unless replaced")
    func refusals() throws {
        let work = TemporaryDirectory()
        defer { work.remove() }
        let environment = ["HOME": work.path + "/home"]
        do {
            _ = try InstallPlan(path: work.path + "/missing", replace: false, environment: environment)
            Issue.record("a missing folder was planned")
        } catch {
            #expect(error.exitStatus == .notFound && error.description == work.path + "/missing: no such folder")
        }
        let drops = try Self.folder(work.path, "Drops", ["libA.so"])
        do {
            _ = try InstallPlan(path: drops, replace: false, environment: [:])
            Issue.record("no home was planned")
        } catch {
            #expect(error.exitStatus == .usage && error.description == "no home folder: HOME is not set to an absolute path")
        }
        let plan = try InstallPlan(path: drops, replace: false, environment: environment)
        #expect(try plan.install(replace: false) == plan.destination)
        #expect(FileManager.default.fileExists(atPath: plan.destination + "/libA.so"))
        do {
            _ = try InstallPlan(path: drops, replace: false, environment: environment)
            Issue.record("an installed folder was planned again")
        } catch {
            #expect(error.exitStatus == .usage && error.description == "\(plan.destination) is already installed; --force replaces it")
        }
        #expect(try InstallPlan(path: drops, replace: true, environment: environment).install(replace: true) == plan.destination)
        #expect(InstallError("x", .io).exitStatus == .outputFailed)
    }

    @Test("the styles a destination holds: its plugins, and designers' styles made from files in it")
    func holds() {
        #expect(InstallPlan.holds("/u/Drops", file: "/u/Drops/libA.so", source: nil))
        #expect(InstallPlan.holds("/u/Wave", file: "/bundled/libLottieStyle.so", source: "/u/Wave/wave.json"))
        #expect(!InstallPlan.holds("/u/Drops", file: "/u/DropsToo/libA.so", source: nil))
    }
}
