import Foundation
import RefreshTestSupport

/// Where in a plugin's life a hostile fixture acts (`-DHOSTILE_AT`), in the
/// order a run reaches them. See Tests/Fixtures/hostile/README.md.
enum EntryPoint: String, CaseIterable, Sendable {
    case constructor, initialize = "init", deinitialize = "deinit", style_count, style_descriptor, create, setup, pull, state_changed,
         setup_for_cycle, cycle, exit, reset, destroy, tick, completion,
         // ABI 1.3: the position in every phase, the header closed, the exit with its result.
         position, closed, exit_with_result

    enum Stage: Sendable {
        /// dlopen runs it: every process that opens the file, listing included.
        case load
        /// Reading the entry and the descriptors: every command that looks at the search path.
        case discovery
        /// Unloading the library: a host may or may not call it before its process ends.
        case unload
        /// Only a running instance: run, render, gallery (its renders) and validate reach it.
        case instance
    }

    var stage: Stage {
        switch self {
        case .constructor: .load
        case .initialize, .style_count, .style_descriptor: .discovery
        case .deinitialize: .unload
        default: .instance
        }
    }
}

/// What a hostile fixture does there (`-DHOSTILE_DO`).
enum Behaviour: String, CaseIterable, Sendable {
    case crash_segv, crash_abort, hang_busy, hang_sleep, hang_read_stdin
    case print_stdout, close_fds, exit0, fork_linger, chdir, signal_handlers

    static let crashesAndHangs: [Behaviour] = [.crash_segv, .crash_abort, .hang_busy, .hang_sleep, .hang_read_stdin]

    /// The plugin breaks the command it runs in: the host must say so and fail
    /// the command that needed it (the others go on).
    var isFailure: Bool { Self.crashesAndHangs.contains(self) || self == .exit0 }

    /// Words of which one must be in the line that reports it (lowercased).
    var causeWords: [String] {
        switch self {
        case .crash_segv: ["sigsegv", "segmentation", "crash"]
        case .crash_abort: ["sigabrt", "abort", "crash"]
        case .hang_busy, .hang_sleep, .hang_read_stdin:
            ["timed out", "timeout", "time limit", "did not return", "hung", "hang", "deadline", "budget",
             "not responding"]
        case .exit0: ["exit", "ended", "quit", "terminated"]
        default: []
        }
    }
}

/// A file on the search path that is no plugin at all, made by the test in
/// the cell's plugin folder.
enum FileCase: String, CaseIterable, Sendable {
    case fifo, truncated_elf, other_arch, folder, symlink_loop, symlink_dev_zero, empty, elf_executable,
         missing_dependency, world_writable

    /// Words of which one must be in the line that reports it (lowercased),
    /// besides the statuses any of them may get (refused, rejected, quarantined).
    var causeWords: [String] {
        switch self {
        case .fifo: ["fifo", "regular file", "pipe"]
        case .truncated_elf: ["truncated", "too short", "elf", "invalid", "short", "header"]
        case .other_arch: ["architecture", "machine", "aarch64", "arm", "elf class", "wrong elf", "x86"]
        case .folder: ["directory", "folder", "regular file"]
        case .symlink_loop: ["loop", "symbolic link", "too many levels", "symlink"]
        case .symlink_dev_zero: ["regular file", "device", "/dev/zero", "character"]
        case .empty: ["empty", "0 bytes", "too short", "truncated", "invalid", "elf", "header"]
        case .elf_executable: ["executable", "not a shared object", "position-independent", "pie", "shared object"]
        case .missing_dependency: ["dependency", "cannot open shared object", "libhostile_gone", "needed", "not found"]
        case .world_writable: ["writable", "permission", "mode", "0666", "insecure"]
        }
    }

    /// A folder named like a plugin is no file at all: a host may pass over it in silence.
    var mayBeSkipped: Bool { self == .folder }
}

/// One row of the matrix: a hostile plugin, or a bad file.
struct HostileCase: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case plugin(EntryPoint, Behaviour)
        case file(FileCase)
    }

    var kind: Kind

    /// "cycle.crash_segv", "file.fifo".
    var name: String {
        switch kind {
        case let .plugin(at, does): "\(at.rawValue).\(does.rawValue)"
        case let .file(file): "file.\(file.rawValue)"
        }
    }

    /// The bad file's name in the cell's plugin folder.
    var fileName: String {
        switch kind {
        case let .plugin(at, does): "libhostile_\(at.rawValue)_\(does.rawValue).so"
        case let .file(file): "libhostile_file_\(file.rawValue).so"
        }
    }

    /// The style the fixture declares (nil for a bad file: it has none to run).
    var styleID: String? {
        guard case let .plugin(at, does) = kind else { return nil }
        return "test.hostile.\(at.rawValue).\(does.rawValue)"
    }

    var displayName: String? {
        guard case let .plugin(at, does) = kind else { return nil }
        return "Hostile \(at.rawValue) \(does.rawValue)"
    }

    var entryPoint: EntryPoint? {
        if case let .plugin(at, _) = kind { return at }
        return nil
    }

    var behaviour: Behaviour? {
        if case let .plugin(_, does) = kind { return does }
        return nil
    }

    /// What a line must contain to name this plugin: any of these.
    var names: [String] {
        [fileName] + [styleID, displayName].compactMap { $0 } + (kind == .file(.symlink_loop)
            ? [FileCase.symlinkLoopPartner] : [])
    }

    /// Words of which one must be in the line that reports what went wrong (lowercased).
    var causeWords: [String] {
        let statuses = ["quarantined", "refused", "rejected"]
        switch kind {
        case let .plugin(_, does): return does.causeWords + statuses
        case let .file(file): return file.causeWords + statuses
        }
    }

    /// Every case: each crash and hang at every entry point; the other
    /// behaviours where they bite hardest: when dlopen runs them (constructor),
    /// while the host reads descriptors (style_descriptor) and in a running
    /// animation (cycle); and the bad files.
    static let all: [HostileCase] = {
        var cases: [HostileCase] = []
        for at in EntryPoint.allCases {
            for does in Behaviour.crashesAndHangs { cases.append(HostileCase(kind: .plugin(at, does))) }
        }
        for does in Behaviour.allCases where !Behaviour.crashesAndHangs.contains(does) {
            for at in [EntryPoint.constructor, .style_descriptor, .cycle] {
                cases.append(HostileCase(kind: .plugin(at, does)))
            }
        }
        return cases + FileCase.allCases.map { HostileCase(kind: .file($0)) }
    }()
}

extension FileCase {
    /// The second link of the loop (x -> y -> x): also on the search path, also to be refused.
    static let symlinkLoopPartner = "libhostile_file_symlink_loop_2.so"
}
