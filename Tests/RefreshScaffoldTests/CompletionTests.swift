import Foundation
import RefreshTestSupport
import Testing

/// The shell completions `make install` writes, run by the real shells from
/// where they are installed: bash (its completion function driven with
/// COMP_WORDS, as readline drives it), zsh and fish (typed into a tmux pane, Tab
/// pressed, the screen read). A style argument completes to the styles on the
/// search path, and nothing the completion does reaches the terminal but names.
@Suite(.serialized) struct CompletionTests {
    static func available(_ tool: String) -> Bool {
        ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }

    /// `bash` completing each of `lines` (the text before the cursor), the
    /// installed script sourced; returns what it offered per line, and its stderr.
    static func bashCompletions(_ installed: InstalledPrefix, _ lines: [String], deadline: Double = 120) throws
        -> (offers: [[String]], stderr: String)
    {
        let script = """
            source \(shellQuoted(installed.prefix + "/share/bash-completion/completions/refresh-host"))
            spec=$(complete -p refresh-host); function=${spec#*-F }; function=${function%% *}
            offer() {
                COMP_LINE=$1; COMP_POINT=${#1}
                read -ra COMP_WORDS <<< "$1"; [[ $1 == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                "$function" refresh-host "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                echo "=== ${#COMPREPLY[@]}"; printf '%s\\n' "${COMPREPLY[@]}"
            }

            """ + lines.map { "offer \(shellQuoted($0))" }.joined(separator: "\n")
        let r = try runBounded("/bin/bash", ["--norc", "--noprofile", "-c", script], environment: installed.environment,
                               deadline: deadline)
        let blocks = r.stdout.components(separatedBy: "=== ").dropFirst().map { block in
            block.split(separator: "\n").dropFirst().map(String.init).filter { !$0.isEmpty }.sorted()
        }
        return (blocks, r.stderr)
    }

    @Test("bash: a style argument completes to the bundled styles' ids and short names")
    func bash() throws {
        let installed = try InstalledPrefix()
        defer { installed.remove() }
        let manifest = try String(contentsOfFile: installed.prefix + "/share/refresh-host/install-manifest", encoding: .utf8)
        for file in ["share/bash-completion/completions/refresh-host", "share/zsh/site-functions/_refresh-host",
                     "share/fish/vendor_completions.d/refresh-host.fish"] {
            #expect(manifest.contains("f \(installed.prefix)/\(file)\n"), "\(file) is not in the manifest")
        }
        let yahoo = installed.prefix + "/lib/refresh-host/plugins/Yahoo/libYahooStyle.so"
        let all = (InstalledPrefix.bundledIDs + InstalledPrefix.bundledNames).sorted()
        let (offers, stderr) = try Self.bashCompletions(installed, [
            "refresh-host run ", "refresh-host run y", "refresh-host info com.refreshhost.y", "refresh-host render ",
            "refresh-host validate \(yahoo) --style ", "refresh-host ",
        ])
        #expect(stderr.isEmpty, "the completion printed into the shell: \(stderr)")
        try #require(offers.count == 6, "\(offers)")
        #expect(offers[0] == all)
        #expect(offers[1] == ["yahoo", "yalantis", "yelp", "yikyak"])
        #expect(offers[2] == ["com.refreshhost.yahoo", "com.refreshhost.yalantis", "com.refreshhost.yelp", "com.refreshhost.yikyak"])
        #expect(offers[3] == all)
        #expect(offers[4] == ["com.refreshhost.yahoo", "yahoo"], "validate --style offers the library's own styles")
        #expect(offers[5].filter { !$0.hasPrefix("-") } == ["gallery", "help", "info", "install", "list", "new", "remove", "render", "run", "validate"],
                "no hidden worker commands")
    }

    @Test("bash: path options complete file names, enumerated options their values, remove only the user's own styles")
    func bashValues() throws {
        let installed = try InstalledPrefix()
        defer { installed.remove() }
        let d = installed.base.path + "/files"
        try FileManager.default.createDirectory(atPath: d + "/sub", withIntermediateDirectories: true)
        for file in ["a.gif", "b.png", "notes.txt", "libx.so"] { #expect(FileManager.default.createFile(atPath: d + "/" + file, contents: Data())) }
        let (offers, stderr) = try Self.bashCompletions(installed, [
            "refresh-host render yelp --out \(d)/", "refresh-host run yelp --frames-json \(d)/", "refresh-host list --plugin-path \(d)/",
            "refresh-host new Bubbles --dir \(d)/", "refresh-host gallery --out \(d)/", "refresh-host run yelp --record \(d)/",
            "refresh-host run yelp --physics ", "refresh-host render yelp --format ", "refresh-host new Bubbles --lang ",
            "refresh-host run yelp --result ", "refresh-host run yelp --edge ", "refresh-host remove ",
        ])
        #expect(stderr.isEmpty, "the completion printed into the shell: \(stderr)")
        try #require(offers.count == 12, "\(offers)")
        #expect(offers[0] == ["\(d)/a.gif", "\(d)/b.png", "\(d)/sub"], "render --out: its formats and folders")
        #expect(offers[1] == ["\(d)/a.gif", "\(d)/b.png", "\(d)/libx.so", "\(d)/notes.txt", "\(d)/sub"], "--frames-json: any file")
        #expect(offers[2] == ["\(d)/libx.so", "\(d)/sub"], "--plugin-path: a folder or a .so")
        #expect(offers[3] == ["\(d)/sub"] && offers[4] == ["\(d)/sub"], "new --dir, gallery --out: folders")
        #expect(offers[5] == ["\(d)/a.gif", "\(d)/sub"], "--record: .gif and .webp")
        #expect(offers[6] == ["android-stretch", "ios", "material", "smart"])
        #expect(offers[7] == ["gif", "png", "svg", "webp"])
        #expect(offers[8] == ["c", "swift"])
        #expect(offers[9] == ["failure", "no-more", "success"])
        #expect(offers[10] == ["auto-footer", "footer", "header"])
        #expect(offers[11].isEmpty, "remove offers styles it refuses (bundled ones): \(offers[11])")

        // One style this user installed: remove offers it, and still none of the bundled ones.
        let mine = installed.home + "/.local/lib/refresh-host/plugins/Mine"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        _ = try Fixture.build("valid_minimal", into: mine, extraFlags: ["-DFIXTURE_ID=\"org.example.mine\""])
        let after = try Self.bashCompletions(installed, ["refresh-host remove "])
        #expect(after.offers.first == ["mine", "org.example.mine"], "\(after.offers)")
    }

    @Test("bash: plugins that hang the scanner neither hang the completion nor print into the shell")
    func hangingPlugins() throws {
        let installed = try InstalledPrefix()
        defer { installed.remove() }
        let folder = installed.base.path + "/hanging"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let plugin = try Fixture.build("descriptor_hang", into: folder)
        // Far more files than scanner children get through in a minute (each hangs to the scanner's
        // deadline), so only the completion's own limit lets bash return within the bound below.
        for i in 1...300 { try FileManager.default.copyItem(atPath: plugin, toPath: folder + "/libhang\(i).so") }
        let (offers, stderr) = try Self.bashCompletions(installed, ["refresh-host run --plugin-path \(folder) "], deadline: 60)
        #expect(stderr.isEmpty, "the completion printed into the shell: \(stderr)")
        #expect(Set(offers.first ?? ["?"]).isSubset(of: InstalledPrefix.bundledIDs + InstalledPrefix.bundledNames), "\(offers)")
        // Its scanner children went with it.
        var left: [String] = []
        for _ in 0..<100 {
            left = Self.processes(mentioning: folder)
            if left.isEmpty { break }
            usleep(100_000)
        }
        #expect(left.isEmpty, "still running: \(left)")
    }

    @Test("zsh and fish read their scripts, and complete a style in a real terminal")
    func zshAndFish() throws {
        let installed = try InstalledPrefix()
        defer { installed.remove() }
        let zshScript = installed.prefix + "/share/zsh/site-functions/_refresh-host"
        let fishScript = installed.prefix + "/share/fish/vendor_completions.d/refresh-host.fish"
        let env = installed.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        var ran = 0
        if Self.available("zsh") {
            let parse = try runProcess("/usr/bin/env", ["zsh", "-n", zshScript])
            #expect(parse.status == 0 && parse.stderr.isEmpty, "\(parse.stderr)")
            if Tmux.available {
                let tmux = try Tmux("env -i TERM=xterm-256color \(env) zsh -f", columns: 100, rows: 20)
                try tmux.sendLiteral("PS1='ZSH> '; fpath=(\(installed.prefix)/share/zsh/site-functions $fpath); autoload -U compinit; compinit -u -D\n")
                #expect(try tmux.wait { try tmux.lastLine().trimmingCharacters(in: .whitespaces) == "ZSH>" },
                        "\((try? tmux.screen()) ?? "")")
                try tmux.sendLiteral("refresh-host run y")
                try tmux.send("Tab")
                #expect(try tmux.waitForScreen(containing: "yikyak"), "\((try? tmux.screen()) ?? "")")
                let screen = try tmux.screen()
                for name in ["yahoo", "yalantis", "yelp", "yikyak"] { #expect(screen.contains(name), "\(screen)") }
                #expect(!screen.contains("snapchat") && !screen.contains("Error"), "\(screen)")
            }
            ran += 1
        }
        if Self.available("fish") {
            let parse = try runProcess("/usr/bin/env", ["fish", "--no-config", "-n", fishScript])
            #expect(parse.status == 0 && parse.stderr.isEmpty, "\(parse.stderr)")
            if Tmux.available {
                // fish finds vendor completions under $XDG_DATA_DIRS/fish/vendor_completions.d: the prefix's share.
                let tmux = try Tmux("env -i TERM=xterm-256color XDG_DATA_DIRS=\(shellQuoted(installed.prefix + "/share")) \(env) "
                                    + "fish -C 'function fish_prompt; echo \"FISH> \"; end; set -g fish_greeting'", columns: 100, rows: 20)
                #expect(try tmux.wait { try tmux.lastLine().trimmingCharacters(in: .whitespaces) == "FISH>" },
                        "\((try? tmux.screen()) ?? "")")
                try tmux.sendLiteral("refresh-host run y")
                try tmux.send("Tab")
                #expect(try tmux.waitForScreen(containing: "yikyak"), "\((try? tmux.screen()) ?? "")")
                let screen = try tmux.screen()
                for name in ["yahoo", "yalantis", "yelp", "yikyak"] { #expect(screen.contains(name), "\(screen)") }
                #expect(!screen.contains("snapchat") && !screen.contains("Error"), "\(screen)")
            }
            ran += 1
        }
        if ran < 2 { print("skipped: zsh or fish missing (make test installs both)") }
    }

    /// Processes whose command line mentions `text`.
    static func processes(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }
}
