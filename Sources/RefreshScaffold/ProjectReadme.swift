/// The README of a generated project: how to build, see, check and install it.
enum ProjectReadme {
    static func text(_ p: ProjectNames, language: ScaffoldLanguage) -> String {
        let source = language == .c ? "`\(p.lowercased).c`" : "`Sources/\(p.name)/\(p.name).swift`"
        let build = language == .c
            ? "`make` compiles \(source) with `cc`, against the header of the installed RefreshHost (found with\n`pkg-config --cflags refresh-host`; set `PKG_CONFIG_PATH=<prefix>/lib/pkgconfig` if pkg-config does not\nfind it)."
            : "`make` runs `swift build -c release` (the package depends on the installed RefreshStyleKit, by path; set\n`REFRESH_HOST_SWIFT_KIT` to use another copy) and copies the library here. Release, because only then does\nthe version script `exports.map` leave `rh_entry` the library's only export."
        return """
            # \(p.name)

            A pull-to-refresh style for RefreshHost (id `\(p.id)`): a coloured header with a white disc that grows
            with the pull, turns once per refresh cycle and fades out at the end. \(source) holds every callback,
            each with a note on when the host calls it: change it into your own style.

            \(build)

            ```sh
            make                                    # builds \(p.library)
            refresh-host list --plugin-path .       # the style is listed
            make run                                # refresh-host run \(p.id) --plugin-path .  (live in a terminal)
            refresh-host render \(p.id) --plugin-path . --out \(p.lowercased).gif
            make validate                           # refresh-host validate \(p.library)
            refresh-host validate \(p.library) --strictness 10   # everything, before you ship
            make install                            # copies it to ~/.local/lib/refresh-host/plugins
            ```

            The ABI is `refresh_host.h` (installed in `$(pkg-config --variable=includedir refresh-host)/refresh-host`);
            the RefreshHost docs are in `<prefix>/share/doc/refresh-host`.

            """
    }
}
