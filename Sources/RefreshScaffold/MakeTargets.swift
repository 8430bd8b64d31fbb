/// The Makefile targets every generated project shares, whatever builds its
/// library: validate, run, install and clean, so both languages end the same way.
enum MakeTargets {
    /// `clean` is what removes the project's build products.
    static func common(clean: String) -> String {
        """
        # The conformance checks a host runs on every plugin; add --strictness 10 before you ship.
        validate: $(LIB)
        \t$(REFRESH_HOST) validate $(LIB)

        # The whole lifecycle, live in a terminal (or as a timeline with --no-live).
        run: $(LIB)
        \t$(REFRESH_HOST) run $(STYLE_ID) --plugin-path .

        # Where refresh-host finds your plugins from anywhere.
        install: $(LIB)
        \tmkdir -p $(PLUGIN_DIR)
        \tcp $(LIB) $(PLUGIN_DIR)/

        clean:
        \t\(clean)

        """
    }
}
