import ArgumentParser

struct RunCommand: ParsableCommand, ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a style live in the terminal, or drive it through a refresh on the virtual clock and print its timeline.",
        discussion: """
            When stdout is a terminal (and without --no-live, --trace or --frames), the style plays live on the \
            real clock: Down/Up pull and ease back, Space releases, r and e start and end a refresh, q quits; the \
            mouse drags the list. Otherwise the default gesture pulls past the style's height (to 1.5 x height) \
            over 0.6 s, releases, lets the refresh run for 2.5 s, ends it, and runs until the header has reset, \
            and the timeline is printed, line by line. The plugin runs in a worker process: a crash or a call \
            that takes longer than --budget ends the command with one line naming the style and the callback.
            """)

    @OptionGroup var plugins: PluginOptions
    @Argument(help: "A style id, or a short name such as 'yelp'.", completion: .custom(StyleCompletion.styles)) var style: String

    @OptionGroup var scenario: GestureOptions
    @OptionGroup(title: "Environment (ABI 1.3)") var environment: EnvironmentOptions
    @OptionGroup var frameRate: FrameRateOption
    @Flag(help: "Print every call into the plugin, with its arguments and time.") var trace = false
    @Flag(help: "Print a summary of the style's layers at every frame.") var frames = false
    @Option(name: .customLong("frames-json"),
            help: ArgumentHelp("Write every frame's layers to FILE, one JSON object per line; - is stdout (the timeline then goes to stderr).",
                               valueName: "file"), completion: .file())
    var framesJSON: String?
    @Flag(name: .customLong("no-live"), help: "Print the timeline even when stdout is a terminal.")
    var noLive = false
    @Flag(help: "Live: reload the style when its plugin file changes (a rebuild), keeping the gesture.")
    var watch = false
    @Option(help: ArgumentHelp("Live: record the session, finger shown, to FILE.gif or FILE.webp (written when it ends).",
                               valueName: "file"), completion: .file(extensions: ["gif", "webp"]))
    var record: String?
    @OptionGroup var isolation: IsolationOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try checkLiveOptions()
    }

    /// Frames per second of the clock, virtual or live (valid after `validate()`): as given, else a display's.
    var fps: Double { frameRate.value(default: FrameRateOption.timelineDefault) }

    func run() throws {
        if wantsLive {
            // The keyboard drives the live preview: a scripted gesture would be dropped without a word.
            if let given = scenario.scriptedOptions.first {
                throw CLIError.usage("\(given): the live preview is driven by the keyboard (r starts a refresh); "
                    + "add --no-live to script the gesture")
            }
            return try runLive()
        }
        try runTimeline()
    }

}
