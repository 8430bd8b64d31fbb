import ArgumentParser
import CCrashReport
import RefreshWorker
import RefreshConsole
import RefreshExitStatus
import RefreshOutput
import RefreshText

#if canImport(Glibc)
import Glibc
#endif

@main
struct RefreshHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-host",
        abstract: "Load pull-to-refresh styles from plugins: list, inspect, run, render and validate them.",
        discussion: """
            Plugins are searched in this order: --plugin-path, REFRESH_HOST_PLUGIN_PATH (colon separated), \
            ~/.local/lib/refresh-host/plugins, <prefix>/lib/refresh-host/plugins, and the plugins bundled with \
            this build. The first style with a given id wins; later ones are listed as shadowed.

            Results (tables, reports, JSON) go to stdout; progress, warnings and errors to stderr. Colour only \
            on a terminal, and not with a non-empty NO_COLOR or TERM=dumb (--color always|never decides instead). \
            Tables fit the terminal's width, or COLUMNS when set; through a pipe their lines are whole. A long \
            command shows its progress on one line of stderr while it is a terminal, erased when done. \
            --quiet leaves only results and errors; --verbose says more on stderr.

            Exit status, the same for every command (docs/cli.md):
            \(ExitStatus.allCases.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n"))
            """,
        version: "1.0.0 (\(ABIVersionText.hostWithExtensions))",
        subcommands: [
            ListCommand.self, InfoCommand.self, RunCommand.self, RenderCommand.self, GalleryCommand.self,
            ValidateCommand.self, WorkerCommand.self, NewCommand.self,
            InstallCommand.self, RemoveCommand.self,
        ])

    /// Like ArgumentParser's own main, but a mistake is always one line on
    /// stderr: the message, and for a usage error where to find the help.
    static func main() {
        // A child a supervisor started: die with it, within its limits.
        WorkerProcess.enter()
        // Whoever started us may have left the stop signals blocked (a test runner's threads,
        // say); then SIGTERM would wait for the command to finish. Ignored ones (nohup) stay ignored.
        var stops = sigset_t()
        sigemptyset(&stops)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, signal) }
        sigprocmask(SIG_UNBLOCK, &stops, nil)
        // A plugin that crashes gets one line naming it, not the host's backtrace.
        rh_crash_report_install()
        var parsed: (any ParsableCommand.Type)?
        do {
            // A worker child takes no options (its job comes in the handshake), so it skips the
            // parser: a debug build's parser checks the whole command tree first, about 5 ms of CPU
            // in each of the hundreds of workers a validate or a gallery starts. Anything else,
            // `worker` typed by a user included, is parsed (and refused) as before.
            if CommandLine.arguments.dropFirst().elementsEqual([WorkerProtocol.command]), WorkerProcess.isWorker {
                parsed = WorkerCommand.self
                try WorkerCommand().run()  // never returns: the worker exits when its job ends
            }
            try checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            parsed = type(of: command)
            // Colour, --quiet and --verbose hold for everything said from here on, errors included.
            if let output = (command as? any ConsoleCommand)?.output { Console.install(mode: output.color, verbosity: output.verbosity) }
            try command.run()
            try StandardOutput.finish()
        } catch {
            fail(error, in: parsed)
        }
    }

    /// The commands a user may type (the hidden workers are not offered).
    static var commandNames: [String] {
        configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
    }

    /// ArgumentParser reports a mistyped command as an unexpected argument and
    /// `help nope` as the top-level help with status 0; both are usage errors,
    /// and a near miss gets a suggestion.
    private static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let known = commandNames + ["help"]
        let hidden = configuration.subcommands.compactMap { $0.configuration.commandName }
        func unknown(_ word: String, _ prefix: String) -> CLIError {
            let hint = Suggestion.closest(to: word, in: commandNames).map { "; did you mean '\($0)'?" }
                ?? "; the commands are \(commandNames.joined(separator: ", "))"
            return .usage("\(prefix)'\(word)' is not a refresh-host command\(hint) (see 'refresh-host --help')")
        }
        if !known.contains(first) && !hidden.contains(first) { throw unknown(first, "") }
        if first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !known.contains(arguments[1]) { throw unknown(arguments[1], "help: ") }
    }

    /// The text of --help, help COMMAND, --version or a completion script, on stdout.
    private static func printCleanExit(_ error: any Error) -> Never {
        let text = fullMessage(for: error)
        do {
            if !text.isEmpty { try StandardOutput.write(line: text) }
            try StandardOutput.finish()
        } catch {
            fail(error)
        }
        Glibc.exit(ExitCode.success.rawValue)
    }

    /// `command`: the command that was running, when the error came from its run() rather than the parser.
    private static func fail(_ error: any Error, in command: (any ParsableCommand.Type)? = nil) -> Never {
        var code = exitCode(for: error)
        // --help and --version are not mistakes: print them as ArgumentParser does, but as a
        // result, so a failed write fails (5) instead of a success that printed nothing.
        if code == .success { printCleanExit(error) }
        // Every error made where its kind is known carries its status (CLIError, the libraries' own).
        if let coded = error as? any ExitCoded { code = ExitCode(coded.exitStatus.rawValue) }
        // One table for every command (ExitStatus): the parser's usage errors are 2 like
        // the commands' own, not sysexits' 64.
        if code == .validationFailure { code = ExitCode(ExitStatus.usage.rawValue) }
        let message = self.message(for: error)
        if !message.isEmpty {
            // The parser's own messages may go on with help lines: its first line is the error. Ours
            // are one line by construction; a newline in one comes from a plugin's or a file's name it
            // quotes, and Console.error writes it out rather than losing the rest of the line.
            var line = error is any ExitCoded ? message : message.split(separator: "\n").first.map(String.init) ?? message
            // ArgumentParser's usage text ends "  See 'refresh-host run --help' for more information."
            if code.rawValue == ExitStatus.usage.rawValue, let see = fullMessage(for: error).split(separator: "\n")
                .first(where: { $0.contains("See '") }), let open = see.firstIndex(of: "'"),
                let close = see.lastIndex(of: "'"), open < close {
                line += " (see \(see[open...close]))"
            } else if code.rawValue == ExitStatus.usage.rawValue, let command, !line.hasSuffix("--help')") {
                // A usage error the command found as it ran (one that needs the style, say): the same hint.
                let name = command.configuration.commandName.map { "refresh-host \($0)" } ?? "refresh-host"
                line += " (see '\(name) --help')"
            }
            Console.current.error(line)
        }
        Glibc.exit(code.rawValue)
    }
}
