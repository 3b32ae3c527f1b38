#!/bin/sh
# SPDX-License-Identifier: MIT
# Install test of the Python package: from a clean copy of the tracked
# files, `pip install --no-build-isolation --no-index ./bindings/python`
# into a fresh `python3 -m venv`, without network (the build backend is in
# the tree), compiling the library into the package (GRUNDY_BUILD_LIBRARY=
# compile, as no libgrundy is at hand there) and saying so, then the Python
# tests against the installed package and its own library, from outside the
# tree; the same from this tree, where the backend takes the library `make`
# built instead; `make install PYTHONDIR=...` (with DESTDIR, and without),
# pip from the clean copy again, taking that installed library (found by
# pkg-config), and `make uninstall`.
# usage (from anywhere, the library already built): sh test/pkg_python.sh
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
unset MAKEFLAGS MFLAGS MAKELEVEL DESTDIR PREFIX LIBDIR PYTHONDIR GRUNDY_LIBRARY \
    GRUNDY_TEST_MODULE_DIR GRUNDY_EXPECT_LIBRARY PYTHONPATH
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-python.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
export PIP_NO_INDEX PIP_DISABLE_PIP_VERSION_CHECK PIP_NO_CACHE_DIR

# A clean copy: the files git tracks (as they are in the working tree), or
# the tree without its build output where there is no git.
mkdir "$work/copy"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$root" ls-files -z | xargs -0 tar cf - | tar xf - -C "$work/copy"
else
    tar cf - --exclude=./build --exclude=./lib --exclude=./bin . | tar xf - -C "$work/copy"
fi
check "the copy holds the package's pyproject.toml" test -f "$work/copy/bindings/python/pyproject.toml"
check "the copy has no build output" test ! -e "$work/copy/lib"

# package_loads LIBRARY DESC PYTHON...: the package grundy PYTHON imports
# (run from $work) loads the library LIBRARY* and answers with it.
package_loads() {
    _want=$1 _d=$2
    shift 2
    _got=$(cd "$work" && "$@" -c \
        'import grundy; print(grundy.library_path, grundy.HeapGame("0.77").period(1000))' 2>&1)
    case $_got in
    "$_want"*" (12, 71)") ok ;;
    *) bad "$_d: $_got" ;;
    esac
}

check_logged "python3 -m venv" python3 -m venv "$work/venv"
py=$work/venv/bin/python
check_logged "pip install --no-build-isolation --no-index ./bindings/python" \
    sh -c "cd '$work/copy' && GRUNDY_BUILD_LIBRARY=compile '$py' -m pip install -v \
        --no-build-isolation ./bindings/python"
check "the build says that it compiles the library" \
    grep -q "grundy build: compiling libgrundy .* library=compile asks for one" "$work/log"
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' 2>/dev/null)
lib=$site/grundy/$(cd "$work" && "$py" -c 'import grundy, os; print(os.path.basename(grundy.library_path))' 2>/dev/null)
check "the package loads its own library ($lib)" test -f "$lib"
check "py.typed and the type hints are installed" \
    test -f "$site/grundy/py.typed" -a -f "$site/grundy/__init__.pyi"
check "the copy's tree is left without build output" test ! -e "$work/copy/lib"
# The tests, against the installed package, from outside the tree.
(cd "$work" && GRUNDY_TEST_MODULE_DIR=- GRUNDY_EXPECT_LIBRARY=$lib \
    "$py" "$root/test/python_test.py" --installed) >"$work/tests" 2>&1
last=$(tail -n 1 "$work/tests")
case $last in
*" passed, 0 failed" | *" passed, 0 failed, "*" skipped") ok ;;
*) bad "the Python tests against the installed package: $last"; grep -E '^(FAIL|ERROR)' "$work/tests" | head -n 20 ;;
esac
check "the licence is in the metadata" \
    grep -qx "License: MIT" "$site"/grundy-*.dist-info/METADATA
check "the licence text is installed" test -f "$site"/grundy-*.dist-info/LICENSE
check_logged "pip uninstall" "$py" -m pip uninstall -y grundy
check "pip uninstall removes the package" test ! -e "$site/grundy"

# From this tree, after make: the library make built goes into the package.
check_logged "pip install from a built tree" \
    "$py" -m pip install -v --no-build-isolation "$root/bindings/python"
check "the build takes the library of the tree, and says so" \
    grep -q "grundy build: using libgrundy .* built in this source tree" "$work/log"
package_loads "$site/grundy/libgrundy.so." \
    "the package from the tree loads its copy of the tree's library" "$py"
check_logged "pip uninstall (the tree's)" "$py" -m pip uninstall -y grundy

# make install PYTHONDIR=..., staged with DESTDIR, then for real.
check_logged "make install DESTDIR PYTHONDIR" \
    make -s install DESTDIR="$work/stage" PREFIX=/opt/g PYTHONDIR=/opt/g/py
check "DESTDIR: the package is staged" test -f "$work/stage/opt/g/py/grundy/__init__.py"
check "DESTDIR: _install.py names the library without DESTDIR" \
    grep -q '^LIBRARY = "/opt/g/lib/libgrundy.so' "$work/stage/opt/g/py/grundy/_install.py"
check_logged "make install PREFIX PYTHONDIR" \
    make -s install PREFIX="$work/prefix" PYTHONDIR="$work/prefix/py"
package_loads "$work/prefix/lib/libgrundy.so." \
    "the package of make install loads the installed library" \
    env PYTHONPATH="$work/prefix/py" python3
# pip from the clean copy (no library built) takes the installed library.
if command -v pkg-config >/dev/null 2>&1; then
    check_logged "pip install with a libgrundy installed" sh -c "cd '$work/copy' && \
        PKG_CONFIG_PATH='$work/prefix/lib/pkgconfig' '$py' -m pip install -v \
            --no-build-isolation ./bindings/python"
    check "the build takes the installed library, and says so" \
        grep -q "grundy build: using the installed libgrundy .*$work/prefix/lib/libgrundy.so.* (found by pkg-config grundy" "$work/log"
    package_loads "$work/prefix/lib/libgrundy.so." \
        "the package pip built loads the installed library" "$py"
    check_logged "pip uninstall (over the installed library)" "$py" -m pip uninstall -y grundy
else
    echo "not run: pip over an installed libgrundy (pkg-config is not installed)"
fi
check_logged "make uninstall PYTHONDIR" \
    make -s uninstall PREFIX="$work/prefix" PYTHONDIR="$work/prefix/py"
check "make uninstall removes the package" test ! -e "$work/prefix/py/grundy"
finish
