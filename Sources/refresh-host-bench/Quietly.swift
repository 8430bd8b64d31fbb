#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to its end with its output discarded, in `environment`
/// (default: this one's); it must exit 0.
func quietly(_ path: String, _ arguments: [String], environment: [String]? = nil) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { (argv + (envp ?? [])).forEach { free($0) } }
    var pid = pid_t()
    let started = envp.map { posix_spawn(&pid, path, &actions, nil, argv, $0) }
        ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard started == 0 else { throw BenchError("cannot run \(path)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard status == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")): exit status \(status)") }
}
