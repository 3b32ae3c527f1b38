# SPDX-License-Identifier: MIT
# libgrundy build.  Every entry point is here; see README.md.
# The version has one source of truth: include/grundy.h.

VERSION_MAJOR := $(shell sed -n 's/^\#define GRUNDY_VERSION_MAJOR \([0-9]*\).*/\1/p' include/grundy.h)
VERSION_MINOR := $(shell sed -n 's/^\#define GRUNDY_VERSION_MINOR \([0-9]*\).*/\1/p' include/grundy.h)
VERSION_PATCH := $(shell sed -n 's/^\#define GRUNDY_VERSION_PATCH \([0-9]*\).*/\1/p' include/grundy.h)
VERSION := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

PREFIX ?= /usr/local
EXEC_PREFIX ?= $(PREFIX)
LIBDIR ?= $(EXEC_PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(EXEC_PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR ?= $(LIBDIR)/cmake/grundy
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DESTDIR ?=

CC ?= cc
CXX ?= g++
OPT ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wstrict-prototypes \
    -Wmissing-prototypes
CFLAGS ?= $(OPT)
ALL_CFLAGS := $(WARN) $(CFLAGS) -Iinclude -Isrc
LIB_CFLAGS := $(ALL_CFLAGS) -fPIC -fvisibility=hidden
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The sanitized build keeps to the heap games' portable scans; its tests, which
# read the library's internal structures, are compiled the same way.
SAN_DEFS := -DGRUNDY_SCAN_PORTABLE

# While the major version is 0 a minor release may break the ABI, so the
# SONAME carries the minor version too (docs/abi.md).
SONAME := libgrundy.so.$(VERSION_MAJOR)$(if $(filter 0,$(VERSION_MAJOR)),.$(VERSION_MINOR))
SHARED := lib/libgrundy.so.$(VERSION)
STATIC := lib/libgrundy.a
CLI := bin/grundy

# The library's folders under src/, each depending only on those before it
# (tools/amalgamate.py checks the order); src/cli/ is the `grundy` tool.
# This is the one list of them: tools/amalgamate.py and fuzz/build.sh read
# it (`make -s print-layers` prints it).
LIB_DIRS := core play graph game heap quotient nim
LIB_SRC := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
HDRS := include/grundy.h $(wildcard src/*/*.h)
LIB_OBJ := $(LIB_SRC:src/%.c=build/obj/%.o)
CLI_OBJ := $(CLI_SRC:src/%.c=build/obj/%.o)
TEST_SRC := $(wildcard test/test_*.c)
TEST_BIN := $(TEST_SRC:test/%.c=build/test/%)
EXAMPLE_BIN := $(patsubst docs/examples/%.c,build/examples/%,$(wildcard docs/examples/*.c))
SAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/san/obj/%.o)
SAN_CLI_OBJ := $(CLI_SRC:src/%.c=build/san/obj/%.o)
SAN_TEST_BIN := $(TEST_SRC:test/%.c=build/san/test/%)

.PHONY: all check check-package test-programs sanitize valgrind msan tsan abi-check abi-baseline demo docs install uninstall \
    clean single-header contest-header fuzz python-fuzz dist print-layers

all: $(STATIC) $(SHARED) $(CLI)

build/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(LIB_OBJ) src/grundy.map
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/grundy.map \
	    -Wl,--no-undefined $(CFLAGS) -o $@ $(LIB_OBJ) -pthread
	ln -sf libgrundy.so.$(VERSION) lib/$(SONAME)
	ln -sf $(SONAME) lib/libgrundy.so

$(CLI): $(CLI_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(STATIC) -pthread

build/test/%: test/%.c $(wildcard test/*.h) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-conversion -Itest $(TEST_THREADS) -o $@ $< $(STATIC) $(TEST_THREADS)

# The thread tests (test/test_threads.c, test/test_word.c) need POSIX threads
# wherever they are built.
build/test/test_threads build/san/test/test_threads build/vg/test/test_threads \
    build/msan/test/test_threads: TEST_THREADS := -pthread
build/test/test_word build/san/test/test_word build/vg/test/test_word \
    build/msan/test/test_word: TEST_THREADS := -pthread

# The library's, the CLI's and the Python package's tests, suites side by
# side (JOBS at once, default every core); the last line is "N passed, N
# failed".  `make check T=test_game` runs one suite, and F=PATTERN one test
# case (a C test function or a Python test case whose name contains it).
T ?=
F ?=
check: test-programs
	@T='$(T)' F='$(F)' sh test/run.sh build/test bin/grundy --check

# What the test suites run: the library, the tool, the unit test programs,
# the documentation's examples and the single header (the README's
# single-header snippet is tested by make check).  SINGLE is set here, before
# the first rule that names it: make expands a rule's prerequisites as it
# reads the rule.
SINGLE := single/grundy.h single/grundy_contest.h
test-programs: all $(TEST_BIN) $(EXAMPLE_BIN) $(SINGLE)

# Packaging and editions: install consumers (pkg-config, CMake, pip into a
# venv), the dist tarball, the single-header and contest editions.
check-package: test-programs $(SINGLE)
	@T='$(T)' F='$(F)' sh test/run.sh build/test bin/grundy --package

# The unit and CLI tests again, built with AddressSanitizer and UBSan, and
# with the heap games' portable scans (make check runs the vector ones that
# the processor has; valgrind, which knows no AVX-512, the AVX2 ones).
build/san/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(SAN_DEFS) -O1 -g -c $< -o $@

build/san/libgrundy.a: $(SAN_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

build/san/grundy: $(SAN_CLI_OBJ) build/san/libgrundy.a
	$(CC) $(SAN_FLAGS) -o $@ $^ -pthread

build/san/test/%: test/%.c $(wildcard test/*.h) build/san/libgrundy.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-conversion $(SAN_FLAGS) $(SAN_DEFS) -O1 -g -Itest $(TEST_THREADS) \
	    -o $@ $< build/san/libgrundy.a $(TEST_THREADS)

sanitize: $(SAN_TEST_BIN) build/san/grundy
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	    GRUNDY_TEST_QUICK=1 sh test/run.sh build/san/test build/san/grundy --unit-only

# Random sequences of calls through the Python module (test/python_fuzz.py:
# threads sharing handles, move generators calling back, closes, pickles,
# caps, SIGINTs) for PY_FUZZ_SECONDS, with the shared library built with
# AddressSanitizer and its runtime preloaded into the interpreter (which is
# not built with it; its own leaks at exit are not the library's, so leak
# detection is off).  About a minute.
PY_FUZZ_SECONDS ?= 40
ASAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/asan-so/obj/%.o)

build/asan-so/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(LIB_CFLAGS) -fsanitize=address -fno-omit-frame-pointer -O1 -g -c $< -o $@

build/asan-so/libgrundy.so: $(ASAN_LIB_OBJ) src/grundy.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/grundy.map \
	    -fsanitize=address -o $@ $(ASAN_LIB_OBJ) -pthread

python-fuzz: build/asan-so/libgrundy.so
	@LD_PRELOAD="$$($(CC) -print-file-name=libasan.so)" \
	    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 GRUNDY_LIBRARY=build/asan-so/libgrundy.so \
	    python3 test/python_fuzz.py $(PY_FUZZ_SECONDS)

# The unit tests again under Valgrind's memcheck, which must report no error
# and no leak of any kind, on the library as built for use (optimized, the
# vector scans the processor has up to AVX2).  Built apart with DWARF 4 debug
# information, which every Valgrind reads (3.19 cannot read clang's DWARF 5).
# The CLI tests are checked for the same class of errors by make msan (and
# make sanitize): memcheck costs most of a second to start a process, and
# they start the tool hundreds of times.  `make valgrind VG_SCOPE=--unit-only`
# runs them under memcheck too, through a wrapper script given to them as the
# tool (about 1,300 s of CPU more, measured).
VALGRIND ?= valgrind
VG_SCOPE ?= --binaries-only
VG_FLAGS := -g -gdwarf-4
VG_LIB_OBJ := $(LIB_SRC:src/%.c=build/vg/obj/%.o)
VG_CLI_OBJ := $(CLI_SRC:src/%.c=build/vg/obj/%.o)
VG_TEST_BIN := $(TEST_SRC:test/%.c=build/vg/test/%)
VG_RUN := $(VALGRIND) -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all \
    --track-origins=no

build/vg/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(VG_FLAGS) -c $< -o $@

build/vg/libgrundy.a: $(VG_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

build/vg/grundy: $(VG_CLI_OBJ) build/vg/libgrundy.a
	$(CC) $(CFLAGS) $(VG_FLAGS) -o $@ $^ -pthread

build/vg/grundy-under-valgrind: build/vg/grundy Makefile
	printf '#!/bin/sh\nexec %s "%s" "$$@"\n' '$(VG_RUN)' "$$(pwd)/build/vg/grundy" >$@
	chmod +x $@

build/vg/test/%: test/%.c $(wildcard test/*.h) build/vg/libgrundy.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-conversion $(VG_FLAGS) -Itest $(TEST_THREADS) -o $@ $< \
	    build/vg/libgrundy.a $(TEST_THREADS)

valgrind: $(VG_TEST_BIN) $(if $(filter --binaries-only,$(VG_SCOPE)),,build/vg/grundy-under-valgrind)
	@command -v $(VALGRIND) >/dev/null || { echo "valgrind: $(VALGRIND) not found"; exit 2; }
	@GRUNDY_TEST_QUICK=1 TEST_RUNNER='$(VG_RUN)' \
	    sh test/run.sh build/vg/test build/vg/grundy-under-valgrind $(VG_SCOPE)

# The CLI tests again with the library and the tool built with clang's
# MemorySanitizer: a read of memory never written stops the run.  Beside
# make sanitize (addresses, leaks, undefined behaviour), it checks the CLI
# tests for what make valgrind checks in the unit tests, at a fraction of
# memcheck's cost to start a process.  `make msan MSAN_SCOPE=--unit-only`
# runs the unit tests under it too.  MSAN_CC must be clang.
MSAN_CC ?= clang
MSAN_FLAGS := -fsanitize=memory -fno-omit-frame-pointer -O1 -g
MSAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/msan/obj/%.o)
MSAN_CLI_OBJ := $(CLI_SRC:src/%.c=build/msan/obj/%.o)
MSAN_TEST_BIN := $(TEST_SRC:test/%.c=build/msan/test/%)
MSAN_SCOPE ?= --cli-only

build/msan/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(MSAN_CC) $(WARN) -Iinclude -Isrc $(MSAN_FLAGS) -c $< -o $@

build/msan/libgrundy.a: $(MSAN_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

build/msan/grundy: $(MSAN_CLI_OBJ) build/msan/libgrundy.a
	$(MSAN_CC) $(MSAN_FLAGS) -o $@ $^ -pthread -lm

build/msan/test/%: test/%.c $(wildcard test/*.h) build/msan/libgrundy.a
	@mkdir -p $(@D)
	$(MSAN_CC) $(WARN) -Wno-conversion -Iinclude -Isrc -Itest $(MSAN_FLAGS) $(TEST_THREADS) -o $@ $< \
	    build/msan/libgrundy.a $(TEST_THREADS) -lm

msan: build/msan/grundy $(if $(filter --cli-only,$(MSAN_SCOPE)),,$(MSAN_TEST_BIN))
	@command -v $(MSAN_CC) >/dev/null || { echo "msan: $(MSAN_CC) not found (MemorySanitizer needs clang)"; exit 2; }
	@MSAN_OPTIONS=halt_on_error=1 GRUNDY_TEST_QUICK=1 \
	    sh test/run.sh build/msan/test build/msan/grundy $(MSAN_SCOPE)

# The thread test under ThreadSanitizer, with the library built for it too;
# any data race it reports fails the run.  TSAN_CC is clang when there is one.
TSAN_CC ?= $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(CC))
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer -O1 -g
TSAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/tsan/obj/%.o)

build/tsan/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(TSAN_CC) $(WARN) -Iinclude -Isrc $(TSAN_FLAGS) -c $< -o $@

build/tsan/test_threads: test/test_threads.c $(wildcard test/*.h) $(TSAN_LIB_OBJ)
	$(TSAN_CC) $(WARN) -Wno-conversion -Iinclude -Isrc -Itest $(TSAN_FLAGS) -pthread -o $@ $< \
	    $(TSAN_LIB_OBJ) -pthread

# The word engine's test too: its games on two threads (test/test_word.c
# shrinks its sizes under ThreadSanitizer).
build/tsan/test_word: test/test_word.c $(wildcard test/*.h) $(TSAN_LIB_OBJ)
	$(TSAN_CC) $(WARN) -Wno-conversion -Iinclude -Isrc -Itest $(TSAN_FLAGS) -pthread -o $@ $< \
	    $(TSAN_LIB_OBJ) -pthread

tsan: build/tsan/test_threads build/tsan/test_word
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66 history_size=7 $(TSAN_OPTIONS)" \
	    sh test/run.sh build/tsan none --binaries-only

# The ABI of the shared library against the baseline in abi/ (see
# docs/abi.md): abidiff must find nothing removed or changed, only additions,
# and every public macro of the baseline must keep its value.
# `make abi-baseline` rewrites the baseline at a release.
abi-check: $(SHARED)
	@CC='$(CC)' sh test/abi_check.sh check $(SHARED)

abi-baseline: $(SHARED)
	@CC='$(CC)' sh test/abi_check.sh baseline $(SHARED)

# Scale measurements (time and peak memory of large solves).
build/bench/%: bench/%.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC)

# The benchmark suite (bench/bench_*.c; see docs/performance.md): `make bench`
# runs the quick set, `make bench-full` (or BENCH_FULL=1) the long sequences
# at full size too.  Functions the library may not have yet are looked up in
# the archive, and the suite reports their figures as not available.
BENCH_SRC := $(wildcard bench/bench_*.c)
BENCH_CXX_OBJ := $(patsubst bench/%.cpp,build/bench/%.o,$(wildcard bench/bench_*.cpp))
BENCH_OPTIONAL := grundy_nimber_new grundy_heap_game_set_threads grundy_game_new_dense \
    grundy_game_set_threads

# The C++ baseline of figure D, built with the same CFLAGS as the rest.
build/bench/%.o: bench/%.cpp $(wildcard bench/*.h)
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -Wall -Wextra -Wpedantic -Wconversion -Wshadow $(CFLAGS) -Iinclude \
	    -c $< -o $@

build/bench/suite: $(BENCH_SRC) $(BENCH_CXX_OBJ) $(wildcard bench/*.h) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -pthread $$(for s in $(BENCH_OPTIONAL); do \
	    nm -g --defined-only $(STATIC) | grep -q " T $$s$$" && printf ' -DBENCH_HAVE_%s' $$s; \
	    done) -o $@ $(BENCH_SRC) $(BENCH_CXX_OBJ) $(STATIC) -lstdc++

.PHONY: bench bench-full

# Section "threads" runs the tool and the plain loop as programs of their own.
BENCH_PROGRAMS := $(CLI) build/bench/grundy_loop

# Then the Python package's figures (bench/python_bench.py) and the contest
# edition's against the whole single header (bench/contest_bench.py), measured too.
bench: build/bench/suite $(BENCH_PROGRAMS) $(SHARED) $(SINGLE)
	./build/bench/suite
	python3 bench/python_bench.py
	CC='$(CC)' python3 bench/contest_bench.py

bench-full: build/bench/suite $(BENCH_PROGRAMS)
	BENCH_FULL=1 ./build/bench/suite

# Every example program in the docs is built, and tested by make check.
build/examples/%: docs/examples/%.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC)

# The main job: solve the seed's 1x20 pebble game through a game graph.

demo: all build/examples/pebble_strip
	./build/examples/pebble_strip 20

# The pictures of docs/pictures.md, drawn by the tool at every docs build:
# plots of Grundy's game (a million heaps) and Kayles, and the graph of the
# pebble game's first positions (laid out by Graphviz's dot; where dot is
# missing, the picture shows the DOT text instead).
DOC_IMAGES := docs/images/grundy.svg docs/images/kayles.svg docs/images/pebble.dot \
    docs/images/pebble.svg

docs/images/grundy.svg: $(CLI)
	@mkdir -p $(@D)
	$(CLI) plot grundy 1000000 >$@.tmp && mv $@.tmp $@

docs/images/kayles.svg: $(CLI)
	@mkdir -p $(@D)
	$(CLI) plot 0.77 300 >$@.tmp && mv $@.tmp $@

docs/images/pebble.dot: $(CLI)
	@mkdir -p $(@D)
	$(CLI) graph --dot --game 0.137 9 >$@.tmp && mv $@.tmp $@

docs/images/pebble.svg: docs/images/pebble.dot
	if command -v dot >/dev/null 2>&1; then dot -Tsvg $< >$@.tmp; else \
	    { echo '<svg xmlns="http://www.w3.org/2000/svg" width="720" height="'"$$(( $$(wc -l <$<) * 15 + 40 ))"'">'; \
	      echo '<text x="10" y="20" font-size="14">Graphviz is not installed: the DOT of the graph</text>'; \
	      sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' $< | \
	        awk '{ printf "<text x=\"10\" y=\"%d\" font-family=\"monospace\" font-size=\"12\" xml:space=\"preserve\">%s</text>\n", NR * 15 + 30, $$0 }'; \
	      echo '</svg>'; } >$@.tmp; fi
	mv $@.tmp $@

.PHONY: docs-images
docs-images: $(DOC_IMAGES)

docs: docs-images
	doxygen docs/Doxyfile

# The library as one file, generated from its sources (build products, not
# in git; make dist ships them): single/grundy.h whole, with #line
# directives back to src/, and the contest edition single/grundy_contest.h
# (docs/contest.md).  make single-header writes both.  A contest edition of
# chosen modules: make contest-header MODULES=nim,graph OUT=file.h, or of
# chosen calls: make contest-header CALLS=grundy_graph_new,... OUT=file.h;
# or of the calls a program names: make contest-header FOR=solution.c OUT=file.h;
# PLAYS=normal,continued (any list of normal, misere, wtia, conjunctive,
# continued, loopy, selective, shortened) keeps only those plays of heap games,
# games given by rules and graphs (GRUNDY_NO_<PLAY>_PLAY for the others); LEAN=1
# leaves out the word engine (GRUNDY_LEAN: smaller, slower games of 8-byte positions).
AMALGAMATE := python3 tools/amalgamate.py --layers '$(LIB_DIRS)'
SINGLE_DEPS := include/grundy.h $(LIB_SRC) $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.h)) \
    tools/amalgamate.py LICENSE Makefile

single-header: $(SINGLE)

single/grundy.h: $(SINGLE_DEPS)
	$(AMALGAMATE) $@

single/grundy_contest.h: $(SINGLE_DEPS)
	$(AMALGAMATE) --contest $@

MODULES ?=
CALLS ?=
FOR ?=
PLAYS ?=
LEAN ?=
OUT ?= single/grundy_contest.h
contest-header:
	$(AMALGAMATE) --contest $(if $(MODULES),--modules $(MODULES)) \
	    $(if $(CALLS),--calls $(CALLS)) $(if $(FOR),--calls-of $(FOR)) \
	    $(if $(PLAYS),--plays $(PLAYS)) $(if $(LEAN),--lean) $(OUT)

print-layers:
	@echo $(LIB_DIRS)

# The source tarball libgrundy-X.Y.Z.tar.gz: the files git tracks and both
# generated headers, under libgrundy-X.Y.Z/, every file dated from the last
# commit (so that the headers are as new as their sources, and the same
# commit always gives the same bytes).  Unpacked, it builds and tests
# without git (test/pkg_dist.sh).
DIST := libgrundy-$(VERSION)
dist: $(SINGLE)
	@git rev-parse --git-dir >/dev/null 2>&1 || \
	    { echo "make dist: not a git checkout (the tarball holds the files git tracks)"; exit 2; }
	@rm -f $(DIST).tar.gz $(DIST).tar.gz.tmp
	{ git ls-files; printf '%s\n' $(SINGLE); } | LC_ALL=C sort -u | \
	    tar -cf - --no-recursion --verbatim-files-from -T - --transform 's,^,$(DIST)/,' \
	        --sort=name --owner=0 --group=0 --numeric-owner --format=gnu \
	        --mtime=@$$(git log -1 --format=%ct) | gzip -n -9 >$(DIST).tar.gz.tmp
	mv $(DIST).tar.gz.tmp $(DIST).tar.gz
	@echo "wrote $(DIST).tar.gz"

# Each libFuzzer target (clang) for FUZZ_SECONDS, starting from the committed
# corpora; make check replays those corpora without libFuzzer.
FUZZ_SECONDS ?= 60
fuzz:
	LIB_DIRS='$(LIB_DIRS)' sh fuzz/build.sh build/fuzz
	sh fuzz/run.sh build/fuzz $(FUZZ_SECONDS)

# The Python package, installed too when PYTHONDIR names a directory on
# Python's path (`make install PYTHONDIR=$$HOME/.local/lib/python3.11/site-packages`);
# its grundy/_install.py names the library installed in LIBDIR, which it
# loads.  (pip installs it with a library of its own: docs/python.md.)
PYTHONDIR ?=
PY_PACKAGE := $(wildcard bindings/python/grundy/*.py bindings/python/grundy/*.pyi) \
    bindings/python/grundy/py.typed

# The CMake package (cmake/*.cmake.in; docs/mainpage.md, "Building and
# linking"): its files name the libraries and the header relative to their
# own place when those are under PREFIX (an installed tree may move), else
# by their absolute paths.
empty :=
space := $(empty) $(empty)
cmake_dir = $(if $(filter $(PREFIX)/%,$(1)),$${_grundy_prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
CMAKE_PREFIX_EXPR := $(if $(filter $(PREFIX)/%,$(CMAKEDIR)),$${CMAKE_CURRENT_LIST_DIR}$(subst \
    $(space),,$(foreach w,$(subst /, ,$(patsubst $(PREFIX)/%,%,$(CMAKEDIR))),/..)),$(PREFIX))
CMAKE_FILES := grundyConfig grundyConfigVersion grundyTargets
CMAKE_SED = sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@VERSION_MAJOR@|$(VERSION_MAJOR)|g' \
    -e 's|@VERSION_MINOR@|$(VERSION_MINOR)|g' -e 's|@SONAME@|$(SONAME)|g' \
    -e 's|@GRUNDY_PREFIX@|$(CMAKE_PREFIX_EXPR)|g' -e 's|@LIBDIR@|$(call cmake_dir,$(LIBDIR))|g' \
    -e 's|@INCLUDEDIR@|$(call cmake_dir,$(INCLUDEDIR))|g' \
    -e 's|@DATADIR@|$(call cmake_dir,$(DATADIR))|g' \
    -e "s|@SIZEOF_VOID_P@|$$($(CC) $(CFLAGS) -dM -E -x c /dev/null | \
        sed -n 's/^.define __SIZEOF_POINTER__ //p')|g"

# grundy.pc and the CMake files are written at every install, straight to
# their place, so they always name the PREFIX of this install.  The single
# headers go to DATADIR/grundy/.
install: all $(SINGLE)
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(DATADIR)/grundy
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    pkgconfig/grundy.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/grundy.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/grundy.pc
	for f in $(CMAKE_FILES); do \
	    $(CMAKE_SED) cmake/$$f.cmake.in >$(DESTDIR)$(CMAKEDIR)/$$f.cmake && \
	    chmod 644 $(DESTDIR)$(CMAKEDIR)/$$f.cmake || exit 1; done
	install -m 644 include/grundy.h $(DESTDIR)$(INCLUDEDIR)/grundy.h
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/libgrundy.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libgrundy.so.$(VERSION)
	ln -sf libgrundy.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libgrundy.so
	install -m 755 $(CLI) $(DESTDIR)$(BINDIR)/grundy
	install -m 644 docs/grundy.1 $(DESTDIR)$(MANDIR)/man1/grundy.1
	install -m 644 $(SINGLE) $(DESTDIR)$(DATADIR)/grundy/
	@if [ -n "$(PYTHONDIR)" ]; then \
	    echo "install the Python package into $(DESTDIR)$(PYTHONDIR)/grundy"; \
	    install -d $(DESTDIR)$(PYTHONDIR)/grundy && \
	    install -m 644 $(filter-out %/_install.py,$(PY_PACKAGE)) $(DESTDIR)$(PYTHONDIR)/grundy/ && \
	    printf '"""Where make install put the library."""\nLIBRARY = "%s"\n' \
	        '$(LIBDIR)/$(SONAME)' > $(DESTDIR)$(PYTHONDIR)/grundy/_install.py; \
	fi

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/grundy.h $(DESTDIR)$(LIBDIR)/libgrundy.a \
	    $(DESTDIR)$(LIBDIR)/libgrundy.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libgrundy.so $(DESTDIR)$(BINDIR)/grundy \
	    $(DESTDIR)$(PKGCONFIGDIR)/grundy.pc $(DESTDIR)$(MANDIR)/man1/grundy.1 \
	    $(CMAKE_FILES:%=$(DESTDIR)$(CMAKEDIR)/%.cmake) \
	    $(addprefix $(DESTDIR)$(DATADIR)/grundy/,$(notdir $(SINGLE)))
	rmdir $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(DATADIR)/grundy 2>/dev/null || true
	@if [ -n "$(PYTHONDIR)" ]; then \
	    rm -rf $(DESTDIR)$(PYTHONDIR)/grundy/__pycache__ && \
	    rm -f $(addprefix $(DESTDIR)$(PYTHONDIR)/grundy/,$(notdir $(PY_PACKAGE)) _install.py) && \
	    rmdir $(DESTDIR)$(PYTHONDIR)/grundy 2>/dev/null || true; \
	fi

clean:
	rm -rf build lib bin docs/html docs/images single $(DIST).tar.gz
