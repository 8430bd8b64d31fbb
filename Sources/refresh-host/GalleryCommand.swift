import ArgumentParser
import RefreshGallery
import RefreshHostLoader
import RefreshRender
import RefreshValidation
import RefreshIsolation

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static HTML page showing every style on the plugin search path, animated.",
        discussion: """
            The folder gets index.html and, per loaded style, its animation (the same run as 'render', drawn \
            in a child process) and a still for readers who prefer reduced motion. Each card also says \
            whether the style passes 'validate'. The page needs no server and no network: open index.html \
            in a browser. Styles that were shadowed, rejected or crashed get a card too, with the reason.
            """)

    @OptionGroup var plugins: PluginOptions
    @Option(help: ArgumentHelp("The folder to write (made if missing).", valueName: "dir")) var out: String
    @Option(help: ArgumentHelp("Animation format: webp or gif.", valueName: "format")) var format = "webp"
    @OptionGroup var scenario: GestureOptions
    @OptionGroup var frames: FrameOptions
    @Option(help: ArgumentHelp("Validate each style at this strictness (1-10) for its card.", valueName: "level"))
    var strictness = 5
    @Flag(name: .customLong("no-validate"), help: "Leave out the validation (faster).") var noValidate = false

    func run() throws {
        guard let kind = ExportFormat(rawValue: format.lowercased()), kind.isAnimated else {
            throw CLIError("--format \(format): expected webp or gif")
        }
        try frames.check(for: kind)
        guard (1...10).contains(strictness) else { throw CLIError("--strictness \(strictness): must be 1 to 10") }
        let options = frames.recording(scenario)

        let registry = try plugins.registry()
        defer { registry.close() }
        var builder = GalleryBuilder(options: options, format: kind,
                                     generator: "refresh-host \(RefreshHostCommand.configuration.version)")
        if !noValidate { builder.validate = try Self.validator(strictness: strictness) }
        builder.renderer = try renderer(poster: builder.posterMoment)
        let page: GalleryPage
        do {
            page = try builder.build(registry, into: out)
        } catch {
            throw (error as? RenderError).map { CLIError($0.description) } ?? error
        }
        let rendered = page.cards.filter { $0.animation != nil }.count
        print("\(out)/index.html: \(page.cards.count) card(s), \(rendered) animation(s)")
        for card in page.cards where card.status != .loaded {
            print("  \(card.id ?? card.file): \(card.status)")
        }
    }

    /// `validate` at `strictness` with a fixed seed, each check in a child
    /// process as the command does it, so a crashing style cannot take the
    /// gallery down with it.
    static func validator(strictness: Int) throws -> (String, String) -> GalleryCard.Conformance {
        guard let exe = SearchPath.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
        let runner = ChildRunner(executable: exe, workerArguments: ["validate-worker"], deadline: 60)
        return { file, id in
            let options = ValidationOptions(path: file, style: id, strictness: strictness, seed: 1, only: nil)
            let results = Validation(options: options, mode: .child(runner)).run()
            let summary = Summary(results)
            return GalleryCard.Conformance(
                passed: !summary.hasProblems, strictness: strictness,
                summary: Status.allCases.filter { summary[$0] > 0 }.map { "\(summary[$0]) \($0.rawValue)" }
                    .joined(separator: ", "),
                problems: results.filter(\.status.isProblem).map { "\($0.id) (\($0.status.rawValue))" })
        }
    }

    /// Each style drawn by a child `refresh-host render`, one for the
    /// animation and one for the still, so a plugin that crashes or hangs
    /// (60 s) costs only its own card. Progress shows on stderr in a terminal.
    private func renderer(poster: Moment) throws -> (String, String, String, String) throws -> Void {
        guard let exe = SearchPath.executablePath() else { throw CLIError("cannot find this executable (/proc/self/exe)") }
        let shared = scenario.arguments + frames.arguments
        return { id, file, animation, still in
            let bar = ProgressBar(label: id)
            defer { bar?.finish() }
            for (step, arguments) in [["--out", animation], ["--out", still, "--at", poster.description]].enumerated() {
                bar?.update(step, of: 2)
                let child = ChildProcess.run(exe, ["render", id, "--plugin-path", file] + arguments + shared,
                                             deadline: 60, capture: 2)
                switch child.ending {
                case .exited(0): continue
                case .exited:
                    let line = child.output.split(separator: "\n").last.map(String.init) ?? "render failed"
                    throw RenderError(line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line)
                case let .signal(signal): throw RenderError("crashed (\(signalName(signal))) while rendering")
                case .timedOut: throw RenderError("timed out: rendering took over 60 s")
                case let .spawnFailed(why): throw RenderError(why)
                }
            }
            bar?.update(2, of: 2)
        }
    }
}
