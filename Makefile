# RefreshHost: `make` builds the host and every bundled plugin, `make demo`
# runs the main job, `make test` runs the whole suite. Each installs the
# Debian packages it needs first, only when they are missing.

SWIFT      ?= swift
CC         ?= cc
CFLAGS     ?= -std=c11 -O2 -Wall -Wextra -Werror
ABI_DIR    := Sources/RefreshHostABI/include
# Debian packages the build needs: libffi for the dispatcher, cairo, giflib and
# libwebp for rendering, fontconfig (with cairo-ft) and DejaVu for text,
# pkg-config to find them, rlottie and libzip (dotLottie archives) for the Lottie adapter (Plugins/Lottie),
# zlib for `new --from FILE.lottie --animation` (Sources/CZlib; libzip-dev pulls it in, named for itself).
APT_PACKAGES := libffi-dev pkg-config libcairo2-dev libfontconfig-dev libgif-dev libwebp-dev fonts-dejavu-core \
                librlottie-dev libzip-dev zlib1g-dev
# What only the tests drive: a real terminal, a real browser, a C++ compiler
# for the fixture that carries its own C++ runtime, a JSON Schema validator
# (Debian's python3-jsonschema) for the JSON contract, and rustc for the Rust
# example (Debian's, only when there is no rustc already, e.g. from rustup).
HAVE_RUSTC    := $(shell command -v rustc || ls $(HOME)/.cargo/bin/rustc 2>/dev/null)
TEST_PACKAGES := tmux chromium g++ python3-jsonschema $(if $(HAVE_RUSTC),,rustc)
# The installed man page is rendered with groff; the zsh and fish completions run in those shells.
TEST_PACKAGES += groff-base zsh fish

CONFIG     ?= debug
# SwiftPM's link to the build folder: no SwiftPM run needed to find it (sudo
# often has no swift on its PATH), and install-only reads it.
BIN         = $(CURDIR)/.build/$(CONFIG)
PLUGIN_DIR  = $(BIN)/plugins
# Bundled styles: Swift ones are SwiftPM products (Package.swift's swiftStyles);
# a C style is Plugins/<Name>/*.c (and its STYLE_SOURCES_<Name>), built here
# into lib<Name>Style.so.
SWIFT_STYLES := YelpStyle SnapchatStyle YikYakStyle AppCodaStyle
C_STYLES     := Yahoo ColorChange Yalantis Periscope Material StoreHouse WaterDrop FrameSequence Lottie
# What a C style links beyond libm: the designer-file adapters decode with
# rlottie, and with cairo, giflib and libwebp. (Shell substitutions, run when
# the recipe runs: pkg-config may only just have been installed by deps.)
STYLE_LIBS_Lottie        := -lrlottie -lzip
STYLE_LIBS_FrameSequence := $$(pkg-config --cflags --libs cairo libwebpdemux libwebp) -lgif
# What a C style compiles beyond its folder, and the flag that finds its header:
# the two adapters share Plugins/adapter_common.c (UTF-8, ids, paths, the descriptor).
STYLE_SOURCES_Lottie        := Plugins/adapter_common.c
STYLE_CFLAGS_Lottie         := -IPlugins
STYLE_SOURCES_FrameSequence := Plugins/adapter_common.c
STYLE_CFLAGS_FrameSequence  := -IPlugins
# Their folders, under Plugins/ and under the build's plugins/.
STYLE_FOLDERS := $(SWIFT_STYLES:Style=) $(C_STYLES)
# Style ids, in the order demo and the README show them.
STYLE_IDS    := yelp snapchat yikyak yahoo appcoda colorchange yalantis periscope material storehouse waterdrop \
                orbit bloom earlybird

.PHONY: all deps build plugins demo test check bench bench-idle readme-images clean

all: build plugins embed-link

# Installs missing packages; a no-op when everything is there.
deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

# The bundled plugin folder next to the binary, one style folder each
# (plugins/<Folder>/lib<Name>.so beside the style's README, LICENSE and
# assets/, the layout the registry scans one level deep): hard links to the
# Swift styles SwiftPM builds, and the C styles built with cc against the
# header alone. A flat plugins/lib*.so of an older build would be found
# twice, so it goes.
plugins: build
	@mkdir -p $(PLUGIN_DIR)
	@rm -f $(PLUGIN_DIR)/lib*Style.so
	@# Hard links, not symlinks: the registry resolves a symlink to the real
	@# file, and a style's assets are looked up beside the real file.
	@for s in $(SWIFT_STYLES); do mkdir -p $(PLUGIN_DIR)/$${s%Style}; rm -f $(PLUGIN_DIR)/$${s%Style}/lib$$s.so; \
	  ln $(BIN)/lib$$s.so $(PLUGIN_DIR)/$${s%Style}/lib$$s.so 2>/dev/null || cp $(BIN)/lib$$s.so $(PLUGIN_DIR)/$${s%Style}/; done
	@$(foreach s,$(C_STYLES),mkdir -p $(PLUGIN_DIR)/$(s); \
	  echo "$(CC) ... -o $(PLUGIN_DIR)/$(s)/lib$(s)Style.so Plugins/$(s)/*.c $(STYLE_SOURCES_$(s))"; \
	  $(CC) $(CFLAGS) -fPIC -fvisibility=hidden -shared -I$(ABI_DIR) $(STYLE_CFLAGS_$(s)) \
	    -o $(PLUGIN_DIR)/$(s)/lib$(s)Style.so Plugins/$(s)/*.c $(STYLE_SOURCES_$(s)) $(STYLE_LIBS_$(s)) -lm || exit 1;)
	@# A style's assets, and the designer files an adapter reads from its own folder (styles/).
	@for f in $(STYLE_FOLDERS); do \
	  for x in README.md LICENSE; do if [ -f Plugins/$$f/$$x ]; then cp Plugins/$$f/$$x $(PLUGIN_DIR)/$$f/; fi; done; \
	  for d in assets styles; do if [ -d Plugins/$$f/$$d ]; then rm -rf $(PLUGIN_DIR)/$$f/$$d; cp -R Plugins/$$f/$$d $(PLUGIN_DIR)/$$f/; fi; done; \
	done

# librefreshhost (docs/embedding.md) under its soname too, as a program linked to it asks for it by that name.
.PHONY: embed-link
embed-link: build
	@ln -sf librefreshhost.so $(BIN)/librefreshhost.so.1

# Lists the styles, prints each one's timeline, draws them (a GIF each and the
# gallery, in out/), shows a failed refresh and a footer, makes a style of a
# designer's Lottie file and validates it, and validates the C style as a
# third party would theirs.
demo: all
	$(BIN)/refresh-host list
	@for s in $(STYLE_IDS); do echo; $(BIN)/refresh-host run $$s --no-live || exit 1; done
	@mkdir -p out
	@for s in $(STYLE_IDS); do $(BIN)/refresh-host render $$s --out out/$$s.gif || exit 1; done
	$(BIN)/refresh-host gallery --out out/gallery
	@# ABI 1.3: a failed refresh's own ending, and a footer that finds no more data.
	@echo; $(BIN)/refresh-host run yelp --no-live --result failure --message "No connection" \
	  | grep -E 'gesture|result:|exit|"Refresh failed"|done at'
	@echo; $(BIN)/refresh-host run yikyak --no-live --edge footer --result no-more | grep -E 'oad|more|done at'
	$(BIN)/refresh-host render yikyak --edge footer --result no-more --out out/yikyak-footer.gif
	@# A designer's Lottie file becomes a style folder with no code, and validates as any style.
	@echo; rm -rf out/sparkle; $(BIN)/refresh-host new Sparkle --from Tests/Fixtures/lottie/nomarkers.json \
	  --dir out/sparkle --id org.example.sparkle
	$(BIN)/refresh-host validate out/sparkle
	@echo; $(BIN)/refresh-host validate $(PLUGIN_DIR)/Yahoo/libYahooStyle.so
	@echo; echo "open out/gallery/index.html in a browser; the GIFs are in out/;"; \
	  echo "$(BIN)/refresh-host run yelp   plays a style live in this terminal (q quits)"

# The tests in six shards that run side by side (Support/test-shards.sh: one
# process of the test bundle each, its tests one at a time). A shard is a
# regular expression over test ids (Target.Suite/test()); the script checks
# that every test is in exactly one, so a new target or suite cannot be lost:
# it goes in the last shard unless it is named in an earlier one. The split
# follows where the time goes (each shard 4-6 minutes of a fresh clone's `make test`, 2026-11-28): most
# end-to-end time is spent waiting on child processes, which six at once win back. The first shard
# ended ~200 s before the second and fourth (300 against 499 and 516 s, 2026-11-28, a loaded machine):
# it also takes the guide's chapter examples from the second and the scaffold rebuilds from the fourth.
E2E_SLOW    := GalleryTests|CLIContractTests|FrozenABITests|DesignersGuideTests|GuideChapterExampleTests
SCAFFOLD_SLOW := AuthorKitTests|ScaffoldRebuildTests
SHARD_NAMED := RefreshEndToEndTests|RefreshValidationTests|RefreshScaffoldTests|RefreshHostileTests|RefreshWidgetTests
TEST_SHARDS := 'RefreshEndToEndTests\.($(E2E_SLOW))/|RefreshScaffoldTests\.ScaffoldRebuildTests/' \
               'RefreshEndToEndTests\.(?!($(E2E_SLOW)|ConsoleOutputTests)/)' \
               'RefreshValidationTests\.FixtureValidationTests/|RefreshScaffoldTests\.AuthorKitTests/' \
               'RefreshValidationTests\.(?!FixtureValidationTests/)|RefreshScaffoldTests\.(?!($(SCAFFOLD_SLOW))/)' \
               'RefreshHostileTests\.|RefreshWidgetTests\.|RefreshEndToEndTests\.ConsoleOutputTests/' \
               '(?!($(SHARD_NAMED))\.)[A-Za-z]+\.'
bar = $(subst $(eval) ,|,$(strip $(1)))
test: EXTRA_PACKAGES = $(TEST_PACKAGES)
test: all
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) Support/test-shards.sh $(TEST_SHARDS)

# The unit targets, one per module (and the bundled plugins and the kit): the edit-build-test
# loop. `make test` runs them and the rest: the end-to-end suites (RefreshEndToEndTests,
# RefreshHostileTests, RefreshScaffoldTests: the binary, tmux, Chromium, an installed prefix,
# the hostile matrix) and RefreshValidationTests (every broken fixture through the real
# validate, every bundled style at strictness 10: minutes on its own).
CHECK_TARGETS := RefreshLayersTests RefreshConsoleTests RefreshOutputTests RefreshHostControllerTests \
                 RefreshPluginRuntimeTests RefreshWorkerTests RefreshDiscoveryTests RefreshSessionTests RefreshRenderTests RefreshTerminalTests \
                 RefreshPluginsTests RefreshStyleKitTests RefreshExitStatusTests RefreshListingTests RefreshPluginSearchTests \
                 RefreshInstallTests RefreshNumbersTests RefreshGalleryTests RefreshTimelineTests RefreshLiveTests
# librefreshhost's tests: 11 tests in about 3 s here (workers, and cc for three small C programs).
CHECK_TARGETS += RefreshEmbedTests
check: all
	$(SWIFT) test --no-parallel --filter '^($(call bar,$(CHECK_TARGETS)))\.'

# Numbers, not assertions: run on a quiet machine and compare the ratios.
# The services section's plugin (Tests/Fixtures/bench_services.c) goes into bench-plugins/
# beside the bench, with the PNG its image_load reads.
BENCH_PLUGIN := $(CURDIR)/.build/release/bench-plugins/BenchServices
bench:
	$(MAKE) plugins CONFIG=release
	@mkdir -p $(BENCH_PLUGIN)/assets
	$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -shared -I$(ABI_DIR) -o $(BENCH_PLUGIN)/libbench_services.so \
	  Tests/Fixtures/bench_services.c
	cp Tests/Fixtures/frames/outside.png $(BENCH_PLUGIN)/assets/bench.png
	$(shell $(SWIFT) build -c release --show-bin-path)/refresh-host-bench
	$(MAKE) bench-idle

# The idle section: the widget's test window under its own Xvfb, at rest and refreshing
# (CPU of the app and its worker, frame-clock paints). The widget is the debug build's.
bench-idle:
	$(MAKE) widget
	/usr/bin/python3 Widget/test-app/idle-bench.py $(CURDIR)/.build/debug/gtk 5

# The README's pictures, made by the project's own renderer.
readme-images: all
	@mkdir -p docs/images
	@for s in $(STYLE_IDS); do \
	  $(BIN)/refresh-host render $$s --out docs/images/$$s.gif --scale 1 --fps 15 --size 300x180 --refresh 1.8 || exit 1; \
	done

clean:
	rm -rf .build

# -- Install --
# make install [PREFIX=/usr/local] [DESTDIR=stage]: builds (CONFIG=release
# unless told otherwise) and installs under $(DESTDIR)$(PREFIX): bin/refresh-host,
# include/refresh-host/refresh_host.h, lib/pkgconfig/refresh-host.pc,
# lib/refresh-host/plugins (the bundled styles, a folder each with its README,
# LICENSE and assets), share/refresh-host/swift/RefreshStyleKit
# (the Swift kit as a source package), share/doc/refresh-host (the README, the guides
# and the files they link to), the man page share/man/man1/refresh-host.1 and the bash,
# zsh and fish completions (both written from the installed binary's command
# definitions by install.sh, with refresh-host-manual and --generate-completion-script),
# and a manifest.
# The embedding library (docs/embedding.md): lib/librefreshhost.so.1 (and the
# librefreshhost.so link), include/refresh-host/refresh_host_embed.h and
# lib/pkgconfig/refreshhost.pc, versioned by RHE_VERSION_* (EMBED_VERSION).
# Packagers, and system-wide installs (sudo rarely has swift on its PATH):
# `make plugins CONFIG=release && sudo make install-only` installs what is
# already built without running SwiftPM (BIN=<bin folder> to name another build).
# make uninstall [PREFIX=...] [DESTDIR=...]: removes exactly what the manifest lists.
PREFIX  ?= /usr/local
DESTDIR ?=
abi_part    = $(shell sed -n 's/.*define RH_ABI_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' $(ABI_DIR)/refresh_host.h)
ABI_VERSION = $(call abi_part,MAJOR).$(call abi_part,MINOR).$(call abi_part,PATCH)
embed_part    = $(shell sed -n 's/.*define RHE_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' Sources/RefreshEmbedABI/include/refresh_host_embed.h)
EMBED_VERSION = $(call embed_part,MAJOR).$(call embed_part,MINOR).$(call embed_part,PATCH)
INSTALLED_PLUGINS = $(foreach s,$(SWIFT_STYLES),$(s:Style=)/lib$(s).so) $(foreach s,$(C_STYLES),$(s)/lib$(s)Style.so)

.PHONY: install install-only uninstall man
do_install = @PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" BIN="$(BIN)" PLUGINS="$(INSTALLED_PLUGINS)" \
	  ABI_VERSION="$(ABI_VERSION)" EMBED_VERSION="$(EMBED_VERSION)" sh Support/install.sh
install install-only: CONFIG = release
install: $(if $(SKIP_BUILD),,plugins widget)
	$(do_install)
install-only:
	$(do_install)

uninstall:
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" sh Support/uninstall.sh

# The man page as install writes it, to read before installing.
man: build
	$(BIN)/refresh-host-manual $(BIN)/refresh-host --doc-folder $(PREFIX)/share/doc/refresh-host >$(BIN)/refresh-host.1
	@echo "man -l $(BIN)/refresh-host.1"

# -- Fuzzing (issue 27) --
# make fuzz [FUZZ_SECONDS=180] [FUZZ_TARGETS="lottie elf ..."]: every parser of untrusted bytes under
# libFuzzer with AddressSanitizer (and UBSan for the C targets), FUZZ_SECONDS each, one after another.
# The C targets (the Lottie adapter's JSON checks and its dotLottie reader, the frame-sequence adapter's style.ini and image
# readers) link the adapters' own sources with clang -fsanitize=fuzzer; the Swift ones are one
# harness (Tests/Fuzz/Swift, REFRESH_FUZZ_TARGET picks the parser) built by SwiftPM with
# -sanitize=fuzzer into .build-fuzz (its target exists only with REFRESH_HOST_FUZZ=1).
# Seeds: Tests/Fuzz/<target>/corpus (committed); what a run learns: .build-fuzz/corpus/<target>;
# a crash: .build-fuzz/<target>-crash-*, which becomes a fixture and a regression test.
FUZZ_SECONDS  ?= 180
FUZZ_C        := lottie dotlottie frame-sequence
FUZZ_SWIFT    := worker-wire session-to-worker session-to-host scan-wire registry-cache elf dotlottie-manifest folder-listing
FUZZ_TARGETS  ?= $(FUZZ_C) $(FUZZ_SWIFT)
FUZZ_DIR      := $(CURDIR)/.build-fuzz
FUZZ_CC       := $(dir $(shell readlink -f $$(command -v $(SWIFT))))clang
FUZZ_CFLAGS   := -std=c11 -g -O1 -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
                 -fuse-ld=lld -I$(ABI_DIR) -IPlugins
# Leaks are errors too; UBSan stops at the first report, with its stack.
FUZZ_ENV      := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1

.PHONY: fuzz fuzz-build
fuzz-build: deps
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -IPlugins/Lottie -o $(FUZZ_DIR)/fuzz-lottie Tests/Fuzz/lottie/fuzz_lottie.c \
	  Plugins/Lottie/*.c Plugins/adapter_common.c -lrlottie -lzip -lm
	$(FUZZ_CC) $(FUZZ_CFLAGS) -IPlugins/Lottie -o $(FUZZ_DIR)/fuzz-dotlottie Tests/Fuzz/dotlottie/fuzz_dotlottie.c \
	  Plugins/Lottie/*.c Plugins/adapter_common.c -lrlottie -lzip -lm
	$(FUZZ_CC) $(FUZZ_CFLAGS) -IPlugins/FrameSequence $$(pkg-config --cflags cairo libwebpdemux libwebp) \
	  -o $(FUZZ_DIR)/fuzz-frame-sequence Tests/Fuzz/frame_sequence/fuzz_frames.c Plugins/FrameSequence/*.c \
	  Plugins/adapter_common.c $$(pkg-config --libs cairo libwebpdemux libwebp) -lgif -lm
	REFRESH_HOST_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_DIR) --product refresh-host-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  case " $(FUZZ_C) " in *" $$t "*) bin=$(FUZZ_DIR)/fuzz-$$t; seeds=Tests/Fuzz/$$(echo $$t | tr - _)/corpus;; \
	    *) bin=$(FUZZ_DIR)/debug/refresh-host-fuzz; seeds=Tests/Fuzz/$$t/corpus;; esac; \
	  echo "== $$t ($(FUZZ_SECONDS) s)"; \
	  REFRESH_FUZZ_TARGET=$$t $(FUZZ_ENV) $$bin -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/$$t- $(FUZZ_DIR)/corpus/$$t $$seeds 2>$(FUZZ_DIR)/$$t.log \
	    || { tail -40 $(FUZZ_DIR)/$$t.log; echo "fuzz: $$t failed; the input is $(FUZZ_DIR)/$$t-*"; exit 1; }; \
	  grep -E 'DONE|average_exec_per_sec' $(FUZZ_DIR)/$$t.log; \
	done

# -- Sanitizers (issue 27) --
# make sanitize [SAN_PHASES="bundled fixtures hostile shims"]: the bundled C styles and the C fixtures built
# with the toolchain's clang under AddressSanitizer and UndefinedBehaviorSanitizer into .build-sanitize
# (never into .build/debug/plugins), the debug host run over them with ASan's runtime preloaded
# (Support/sanitize.sh: validate --strictness 10 and render of every bundled style, the broken fixtures
# RefreshValidationTests uses, hostile.c's crashes and hangs); shims: the package's own C targets from a
# swift build --sanitize=address -Xcc -fsanitize=undefined in .build-asan (13 min), under the unit suites
# that drive them (worker, output, console, terminal, session, render); SAN_PHASES=tsan: RefreshWorkerTests and
# RefreshSessionTests from a --sanitize=thread build in .build-tsan (not by default: this toolchain's TSan
# runtime kills the test process at its first worker spawn). A sanitizer report in the host or a bundled
# style fails it; the fixtures' own reports are expected. Slow: not part of `make test`.
SAN_DIR   := $(CURDIR)/.build-sanitize
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -shared-libsan
.PHONY: sanitize
sanitize: all
	$(MAKE) plugins CC=$(FUZZ_CC) CFLAGS="-std=c11 -g -O1 -Wall -Wextra -Werror $(SAN_FLAGS)" PLUGIN_DIR=$(SAN_DIR)/bin/plugins
	SAN_DIR=$(SAN_DIR) SAN_CC=$(FUZZ_CC) SAN_FLAGS="$(SAN_FLAGS)" ABI_DIR=$(ABI_DIR) STYLE_IDS="$(STYLE_IDS)" \
	  SWIFT=$(SWIFT) Support/sanitize.sh

# -- Soak (issue 27) --
# make soak [SOAK_STEPS=1000000] [SOAK_SEED=...]: random gestures through worker sessions of every
# bundled style (refresh-host-soak, release build), every frame held to the controller's invariants,
# the host's and each worker's RSS sampled. Prints the seed; a violation prints the command that replays it.
# SOAK_CONFIG=debug runs it on the debug build (the frame path is optimised there too).
SOAK_STEPS  ?= 1000000
SOAK_SEED   ?=
SOAK_CONFIG ?= release
soak:
	$(MAKE) plugins CONFIG=$(SOAK_CONFIG)
	$(SWIFT) build -c $(SOAK_CONFIG) --product refresh-host-soak
	$(CURDIR)/.build/$(SOAK_CONFIG)/refresh-host-soak --steps $(SOAK_STEPS) $(if $(SOAK_SEED),--seed $(SOAK_SEED))
.PHONY: soak

# -- The GTK4 widget (issue 25): RhRefreshView in librefreshhost-gtk.so, its GObject
# introspection (RefreshHostGtk-1.0 .gir and .typelib, for Python, Vala, JavaScript),
# the demo app refresh-host-demo and the window RefreshWidgetTests drives, all under
# $(BIN)/gtk, built with cc against GTK 4 and librefreshhost (EMBED_LIB_DIR: where
# librefreshhost.so is). The library's worker and the styles are found beside it.
APT_PACKAGES  += libgtk-4-dev libgirepository1.0-dev gobject-introspection gir1.2-gtk-4.0
# A real X server, synthetic input and screenshots for the widget's tests; gi for the Python example;
# gtk4-broadwayd (libgtk-4-bin) for the touch tests, whose display Chromium (listed above) shows and touches.
TEST_PACKAGES += xvfb xdotool imagemagick python3-gi python3-gi-cairo libgtk-4-bin
GTK_DIR        = $(BIN)/gtk
EMBED_LIB_DIR ?= $(BIN)
EMBED_INCLUDE := Sources/RefreshEmbedABI/include
WIDGET_PUBLIC := Widget/rh-refresh-view.h
WIDGET_SOURCES := Widget/rh-refresh-view.c Widget/rh-refresh-input.c Widget/rh-refresh-host.c
# Found in the build tree ($$ORIGIN: gtk/, $$ORIGIN/..: the bin folder) and when installed (lib/, ../lib from bin/).
GTK_RPATH     := -Wl,-rpath,'$$ORIGIN:$$ORIGIN/..:$$ORIGIN/../lib'
GTK_CFLAGS     = $(CFLAGS) -IWidget $$(pkg-config --cflags gtk4)
GTK_LIBS       = -L$(GTK_DIR) -lrefreshhost-gtk $$(pkg-config --libs gtk4) $(GTK_RPATH)

.PHONY: widget
all: widget
widget: build embed-link
	@test -f $(EMBED_LIB_DIR)/librefreshhost.so || { echo "widget: no $(EMBED_LIB_DIR)/librefreshhost.so (set EMBED_LIB_DIR)"; exit 1; }
	@mkdir -p $(GTK_DIR)
	$(CC) $(GTK_CFLAGS) -fPIC -shared -fvisibility=default -I$(EMBED_INCLUDE) -Wl,-soname,librefreshhost-gtk.so.1 \
	  -o $(GTK_DIR)/librefreshhost-gtk.so.1 $(WIDGET_SOURCES) -L$(EMBED_LIB_DIR) -lrefreshhost \
	  $$(pkg-config --libs gtk4) -lm $(GTK_RPATH)
	ln -sf librefreshhost-gtk.so.1 $(GTK_DIR)/librefreshhost-gtk.so
	@# The scanner links a dumper against the widget to read its types; it must load both libraries.
	LD_LIBRARY_PATH=$(GTK_DIR):$(EMBED_LIB_DIR) g-ir-scanner --quiet --warn-all --warn-error \
	  --namespace=RefreshHostGtk --nsversion=1.0 --identifier-prefix=Rh --symbol-prefix=rh \
	  --include=Gtk-4.0 --pkg=gtk4 --c-include=rh-refresh-view.h --pkg-export=refreshhost-gtk \
	  --library=refreshhost-gtk -L$(GTK_DIR) -L$(EMBED_LIB_DIR) -IWidget -I$(EMBED_INCLUDE) \
	  --cflags-begin -std=c11 --cflags-end \
	  --output=$(GTK_DIR)/RefreshHostGtk-1.0.gir $(WIDGET_PUBLIC) $(WIDGET_SOURCES)
	g-ir-compiler --output=$(GTK_DIR)/RefreshHostGtk-1.0.typelib $(GTK_DIR)/RefreshHostGtk-1.0.gir
	$(CC) $(GTK_CFLAGS) -o $(GTK_DIR)/refresh-host-demo Apps/refresh-host-demo/*.c $(GTK_LIBS)
	$(CC) $(GTK_CFLAGS) $$(pkg-config --cflags gio-unix-2.0) -o $(GTK_DIR)/rh-widget-test-app \
	  Widget/test-app/*.c $(GTK_LIBS)
