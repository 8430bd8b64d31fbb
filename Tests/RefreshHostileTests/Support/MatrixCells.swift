import Foundation

/// The command-line options that bound how long a plugin may take, named in
/// one place: the isolation work adds the first two.
enum BudgetOptions {
    /// Every command: the seconds the scanner may spend on one file (default 2).
    static let scanTimeout = ["--scan-timeout", "1"]
    /// run, render, gallery: the seconds one plugin callback may take (default 2).
    static let callbackBudget = ["--budget", "1"]
    /// validate (exists already): the wall seconds each check may take (default 60).
    static let validateTimeout = ["--timeout", "1"]

    /// REFRESH_HOST_MATRIX_OLD_HOST=1 leaves out --scan-timeout and --budget,
    /// to see what the rest of the matrix says of a host that predates them
    /// (every cell fails on the unknown option otherwise). Never set by `make test`.
    static let oldHost = ProcessInfo.processInfo.environment["REFRESH_HOST_MATRIX_OLD_HOST"] == "1"

    static var scan: [String] { oldHost ? [] : scanTimeout }
    static var budget: [String] { oldHost ? [] : callbackBudget }
    /// The live preview's cells end a hang themselves (q, Ctrl-C, a signal) and
    /// need it still running when they do: after seeing the hang begin they wait
    /// 0.5 s and go through tmux and pgrep, which a loaded machine stretches past
    /// a 1 s budget (the CLI had already stopped the hang and exited 4). The
    /// budget's own ending is the matrix's to prove.
    static var liveBudget: [String] { oldHost ? [] : ["--budget", "10"] }
}

/// The columns of the matrix: the commands a hostile case is run under.
enum MatrixCommand: String, CaseIterable, Sendable {
    case list
    case listJSON = "list --json"
    /// `info com.refreshhost.yelp --json`: another style, with the bad file on the path.
    case info
    /// `run <the bad style> --no-live`.
    case run
    /// `run com.refreshhost.yelp --no-live` with the bad file on the path.
    case runYelp = "run yelp"
    /// `render <the bad style> --out out.gif` onto an existing out.gif.
    case render
    case renderYelp = "render yelp"
    /// `gallery --no-validate` on a small plugin path: the bad file and one bundled C style.
    case gallery
    /// `validate <the bad file> --json`: loading.dlopen, loading.entry-table and lifecycle.order, which
    /// between them reach every entry point and every way a file fails to load, so a hang costs three
    /// check timeouts, not thirty.
    case validate

    enum Family: Sendable { case discovery, execution, validation }

    var family: Family {
        switch self {
        case .list, .listJSON, .info: .discovery
        case .run, .runYelp, .render, .renderYelp, .gallery: .execution
        case .validate: .validation
        }
    }

    /// A short column title for the summary table.
    var column: String {
        switch self {
        case .list: "list"
        case .listJSON: "json"
        case .info: "info"
        case .run: "run"
        case .runYelp: "run-y"
        case .render: "render"
        case .renderYelp: "rend-y"
        case .gallery: "gallery"
        case .validate: "valid"
        }
    }

    /// Needs the bad style's id: a bad file has none.
    var runsTheBadStyle: Bool { self == .run || self == .render }

    /// Prints JSON on stdout.
    var isJSON: Bool { self == .listJSON || self == .info || self == .validate }

    /// Wall seconds the command may take, with the short budgets above: the
    /// scanner's 1 s, a callback's 1 s, a check's 1 s, each at most once or
    /// twice in a row. The figure proves a hang was stopped by those budgets
    /// (a host that waited for validate's 60 s default, or forever, is far
    /// past it), not how fast the machine is: on a loaded 2-core machine a
    /// cell that takes 3 s when quiet took 7 s, so the margin is wide.
    var budget: Double {
        switch self {
        case .list, .listJSON, .info: 12
        case .run, .runYelp, .render, .renderYelp: 16
        case .gallery: 25
        case .validate: 20
        }
    }

    /// How much longer the harness waits before it kills the command's process
    /// group: a cell that hangs is reported, it does not stall the matrix.
    var hardDeadline: Double { budget + 5 }
}

/// Whether a command reaches an entry point of the bad plugin.
enum Reach: Sendable {
    /// It must: the behaviour fired, or the cell proves nothing.
    case must
    /// It may (a host need not unload a library before its process ends).
    case may
    /// It must not (listing a style never makes an instance of it).
    case mustNot

    static func of(_ at: EntryPoint, under command: MatrixCommand) -> Reach {
        switch at.stage {
        case .load, .discovery: return .must
        case .unload: return .may
        case .instance:
            switch command {
            case .run, .render, .gallery, .validate: return .must
            case .list, .listJSON, .info, .runYelp, .renderYelp: return .mustNot
            }
        }
    }
}

/// One cell: a case under a command.
struct MatrixCell: Sendable, Hashable {
    var hostileCase: HostileCase
    var command: MatrixCommand

    var name: String { "\(hostileCase.name) x \(command.rawValue)" }

    /// The cells to run. The whole product (`full`) is every case under every
    /// command that applies to it (a bad file has no style to run or render).
    /// The sample `make test` runs keeps, for every case, at least one command
    /// of each family (discovery, execution, validation), and every command
    /// under every entry point, every behaviour and every bad file at least
    /// once:
    /// - discovery: all three for the cases that act while a host reads the
    ///   search path (load, discovery, unload) and the bad files; one, in
    ///   turn, for the cases that act in an instance, which no listing reaches;
    /// - execution: run and render of the bad style for every plugin case;
    ///   run and render of yelp (in turn) for the cases that act while the
    ///   path is read, each once per entry point for the others (there it is
    ///   the same as a listing), both for the bad files; the gallery, the costliest,
    ///   on a diagonal: each entry point once among the crashes and hangs,
    ///   each other behaviour once, every bad file;
    /// - validation: every case.
    static func all(full: Bool) -> [MatrixCell] {
        var cells: [MatrixCell] = []
        let others = Behaviour.allCases.filter { !Behaviour.crashesAndHangs.contains($0) }
        for (index, item) in HostileCase.all.enumerated() {
            let applicable = MatrixCommand.allCases.filter { !$0.runsTheBadStyle || item.styleID != nil }
            if full {
                cells += applicable.map { MatrixCell(hostileCase: item, command: $0) }
                continue
            }
            var commands: [MatrixCommand] = []
            switch item.kind {
            case .file:
                commands = applicable
            case let .plugin(at, does):
                let readsPath = at.stage != .instance
                let discovery: [MatrixCommand] = [.list, .listJSON, .info]
                commands += readsPath ? discovery : [discovery[index % 3]]
                commands += [.run, .render]
                if readsPath {
                    commands.append(index % 2 == 0 ? .runYelp : .renderYelp)
                } else if index % 5 < 2 {
                    commands.append(index % 5 == 0 ? .runYelp : .renderYelp)
                }
                let onDiagonal: Bool
                if let b = Behaviour.crashesAndHangs.firstIndex(of: does) {
                    onDiagonal = EntryPoint.allCases.firstIndex(of: at)! % Behaviour.crashesAndHangs.count == b
                } else {
                    let spots: [EntryPoint] = [.constructor, .style_descriptor, .cycle]
                    onDiagonal = spots[others.firstIndex(of: does)! % spots.count] == at
                }
                if onDiagonal { commands.append(.gallery) }
                commands.append(.validate)
            }
            cells += commands.map { MatrixCell(hostileCase: item, command: $0) }
        }
        return cells
    }
}
