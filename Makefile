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
DESTDIR ?=

CC ?= cc
OPT ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wstrict-prototypes
CFLAGS ?= $(OPT)
ALL_CFLAGS := $(WARN) $(CFLAGS) -Iinclude -Isrc
LIB_CFLAGS := $(ALL_CFLAGS) -fPIC -fvisibility=hidden
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

SONAME := libgrundy.so.$(VERSION_MAJOR)
SHARED := lib/libgrundy.so.$(VERSION)
STATIC := lib/libgrundy.a
CLI := bin/grundy

LIB_SRC := $(filter-out src/cli%.c,$(wildcard src/*.c))
CLI_SRC := $(wildcard src/cli*.c)
HDRS := include/grundy.h $(wildcard src/*.h)
LIB_OBJ := $(LIB_SRC:src/%.c=build/obj/%.o)
CLI_OBJ := $(CLI_SRC:src/%.c=build/obj/%.o)
TEST_SRC := $(wildcard test/test_*.c)
TEST_BIN := $(TEST_SRC:test/%.c=build/test/%)
EXAMPLE_BIN := $(patsubst docs/examples/%.c,build/examples/%,$(wildcard docs/examples/*.c))
SAN_LIB_OBJ := $(LIB_SRC:src/%.c=build/san/obj/%.o)
SAN_CLI_OBJ := $(CLI_SRC:src/%.c=build/san/obj/%.o)
SAN_TEST_BIN := $(TEST_SRC:test/%.c=build/san/test/%)

.PHONY: all check sanitize demo docs install uninstall clean

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
	    -Wl,--no-undefined $(CFLAGS) -o $@ $(LIB_OBJ)
	ln -sf libgrundy.so.$(VERSION) lib/$(SONAME)
	ln -sf $(SONAME) lib/libgrundy.so

$(CLI): $(CLI_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(STATIC)

build/test/%: test/%.c $(wildcard test/*.h) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-conversion -Itest -o $@ $< $(STATIC)

# The whole suite; its last line is "N passed, N failed".
check: all $(TEST_BIN) $(EXAMPLE_BIN)
	@sh test/run.sh build/test bin/grundy

# The unit and CLI tests again, built with AddressSanitizer and UBSan.
build/san/obj/%.o: src/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -O1 -g -c $< -o $@

build/san/libgrundy.a: $(SAN_LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

build/san/grundy: $(SAN_CLI_OBJ) build/san/libgrundy.a
	$(CC) $(SAN_FLAGS) -o $@ $^

build/san/test/%: test/%.c $(wildcard test/*.h) build/san/libgrundy.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-conversion $(SAN_FLAGS) -O1 -g -Itest -o $@ $< build/san/libgrundy.a

sanitize: $(SAN_TEST_BIN) build/san/grundy
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	    GRUNDY_TEST_QUICK=1 sh test/run.sh build/san/test build/san/grundy --unit-only

# Scale measurements (time and peak memory of large solves).
build/bench/%: bench/%.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC)

# The benchmark suite (bench/bench_*.c; see docs/performance.md): `make bench`
# runs the quick set, `make bench-full` (or BENCH_FULL=1) the long sequences
# at full size too.  Functions the library may not have yet are looked up in
# the archive, and the suite reports their figures as not available.
BENCH_SRC := $(wildcard bench/bench_*.c)
BENCH_OPTIONAL := grundy_nimber_new grundy_heap_game_set_threads

build/bench/suite: $(BENCH_SRC) bench/bench.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -pthread $$(for s in $(BENCH_OPTIONAL); do \
	    nm -g --defined-only $(STATIC) | grep -q " T $$s$$" && printf ' -DBENCH_HAVE_%s' $$s; \
	    done) -o $@ $(BENCH_SRC) $(STATIC)

.PHONY: bench bench-full

bench: build/bench/suite
	./build/bench/suite

bench-full: build/bench/suite
	BENCH_FULL=1 ./build/bench/suite

# Every example program in the docs is built, and tested by make check.
build/examples/%: docs/examples/%.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC)

# The main job: solve the seed's 1x20 pebble game through a game graph.

demo: all build/examples/pebble_strip
	./build/examples/pebble_strip 20

docs:
	doxygen docs/Doxyfile

# Generated at every install, so it always names the PREFIX of this install.
install: all
	@mkdir -p build
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    pkgconfig/grundy.pc.in > build/grundy.pc
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 include/grundy.h $(DESTDIR)$(INCLUDEDIR)/grundy.h
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/libgrundy.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libgrundy.so.$(VERSION)
	ln -sf libgrundy.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libgrundy.so
	install -m 755 $(CLI) $(DESTDIR)$(BINDIR)/grundy
	install -m 644 build/grundy.pc $(DESTDIR)$(PKGCONFIGDIR)/grundy.pc

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/grundy.h $(DESTDIR)$(LIBDIR)/libgrundy.a \
	    $(DESTDIR)$(LIBDIR)/libgrundy.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libgrundy.so $(DESTDIR)$(BINDIR)/grundy \
	    $(DESTDIR)$(PKGCONFIGDIR)/grundy.pc

clean:
	rm -rf build lib bin docs/html
