# SPDX-License-Identifier: MIT
"""The PEP 517 build backend of the Python package grundy, in the tree.

It needs nothing but the standard library and a C compiler: no setuptools,
no wheel, no network, so that

    pip install --no-build-isolation ./bindings/python

works offline.  The wheel holds the package (bindings/python/grundy) and a
libgrundy the package loads, the first of:

1. the library `make` built in this source tree (lib/libgrundy.so.X.Y.Z),
   if it is newer than every source and the package loads it: copied into
   the package, beside __init__.py, where the module looks for it first;
2. a libgrundy installed with the ABI the package speaks: where
   `pkg-config --variable=libdir grundy` says (PKG_CONFIG_PATH is honoured),
   else in the standard folders (/usr/local/lib, /usr/lib, ...).  The
   package then loads it from there (grundy/_install.py names it), as after
   `make install PYTHONDIR=...`;
3. else one compiled from this repository's sources (include/, src/) into
   the package, which takes a minute or two of CPU.

The choice is printed on standard error, with the reason the others were
passed over: `pip install -v` shows it (pip hides a backend's output
otherwise; `python -m build` shows it always).  The config setting
`library=compile` (`pip install -C library=compile ...`, or the environment
variable GRUNDY_BUILD_LIBRARY=compile) compiles one whatever is found.  The
version is the library's, read from include/grundy.h.  Set CC to choose the
compiler and CFLAGS to replace the optimization flags (default -O2).
"""
import base64
import concurrent.futures
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # bindings/python
REPO = os.path.dirname(os.path.dirname(HERE))
PACKAGE = os.path.join(HERE, "grundy")


def _lib_dirs():
    """The library's folders of src/, read from the Makefile's LIB_DIRS line,
    so that a folder the library gains is compiled here too."""
    with open(os.path.join(REPO, "Makefile"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"LIB_DIRS\s*:?=\s*(.*)$", line)
            if m:
                return tuple(m.group(1).split())
    raise RuntimeError("no LIB_DIRS line in %s" % os.path.join(REPO, "Makefile"))


# The library's folders, in the Makefile's order.
LIB_DIRS = _lib_dirs()
NAME = "grundy"
SUMMARY = "Sprague-Grundy values, outcomes and winning moves of impartial games (libgrundy)"
# pyproject.toml's license, and the file that holds its text.
LICENSE = "MIT"
LICENSE_FILE = os.path.join(REPO, "LICENSE")


def _version():
    """(major, minor, patch) from include/grundy.h, the one source of truth."""
    with open(os.path.join(REPO, "include", "grundy.h"), encoding="utf-8") as f:
        text = f.read()
    return tuple(int(re.search(r"#define GRUNDY_VERSION_%s (\d+)" % part, text).group(1))
                 for part in ("MAJOR", "MINOR", "PATCH"))


def _soname(version):
    """libgrundy.so.0.MINOR while the major version is 0, else libgrundy.so.MAJOR."""
    major, minor, _ = version
    return "libgrundy.so.%d.%d" % (major, minor) if major == 0 else "libgrundy.so.%d" % major


def _tag():
    """The wheel's tag: any Python 3, no ABI of Python's (ctypes), this platform."""
    return "py3-none-" + re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _dist_info(version):
    return "%s-%s.dist-info" % (NAME, "%d.%d.%d" % version)


def _metadata(version):
    readme = os.path.join(HERE, "README.md")
    description = open(readme, encoding="utf-8").read() if os.path.exists(readme) else SUMMARY
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nLicense: %s\n"
            "Classifier: License :: OSI Approved :: MIT License\n"
            "Requires-Python: >=3.7\n"
            "Description-Content-Type: text/markdown\n\n%s"
            % (NAME, "%d.%d.%d" % version, SUMMARY, LICENSE, description))


def _wheel_file():
    return ("Wheel-Version: 1.0\nGenerator: grundy_build\nRoot-Is-Purelib: false\n"
            "Tag: %s\n" % _tag())


def _compile_library(out_dir, version):
    """Compiles src/ into out_dir/SONAME as the Makefile builds lib/ (hidden
    visibility, the version script), one process per source file."""
    cc = os.environ.get("CC", "cc")
    cflags = shlex.split(os.environ.get("CFLAGS", "-O2"))
    sources = sorted(os.path.join(REPO, "src", d, f)
                     for d in LIB_DIRS for f in os.listdir(os.path.join(REPO, "src", d))
                     if f.endswith(".c"))
    objdir = os.path.join(out_dir, "obj")
    os.makedirs(objdir)

    def compile_one(i_src):
        i, src = i_src
        obj = os.path.join(objdir, "%03d.o" % i)
        cmd = [cc, "-std=c11"] + cflags + ["-fPIC", "-fvisibility=hidden", "-pthread",
                                           "-I" + os.path.join(REPO, "include"),
                                           "-I" + os.path.join(REPO, "src"), "-c", src, "-o", obj]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            raise RuntimeError("compiling %s failed:\n%s\n%s" % (src, " ".join(cmd), proc.stderr))
        return obj
    with concurrent.futures.ThreadPoolExecutor(max(1, os.cpu_count() or 1)) as pool:
        objects = list(pool.map(compile_one, enumerate(sources)))
    soname = _soname(version)
    target = os.path.join(out_dir, soname)
    cmd = [cc, "-shared", "-Wl,-soname," + soname,
           "-Wl,--version-script=" + os.path.join(REPO, "src", "grundy.map"),
           "-Wl,--no-undefined"] + cflags + ["-o", target] + objects + ["-pthread"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("linking %s failed:\n%s\n%s" % (soname, " ".join(cmd), proc.stderr))
    return target


def _say(message):
    """A line for whoever installs, on standard error (see the top)."""
    print("grundy build: " + message, file=sys.stderr, flush=True)


def _newest_source():
    """(mtime, path) of the newest file the library is built from."""
    newest = (0.0, "")
    for top in ("include", "src"):
        for folder, _, files in os.walk(os.path.join(REPO, top)):
            for f in files:
                if f.endswith((".c", ".h", ".map")):
                    path = os.path.join(folder, f)
                    newest = max(newest, (os.path.getmtime(path), path))
    return newest


def _loads(path):
    """(version, None) if the package loads the library at path (its ABI,
    every function it calls), else (None, why not): the module's own check,
    in a child, with GRUNDY_LIBRARY naming path."""
    code = "import sys; sys.path.insert(0, sys.argv[1]); import grundy; print(grundy.version())"
    env = dict(os.environ, GRUNDY_LIBRARY=path, PYTHONDONTWRITEBYTECODE="1")  # no __pycache__
    try:
        proc = subprocess.run([sys.executable, "-c", code, HERE], env=env, capture_output=True,
                              text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, str(exc)
    if proc.returncode:
        lines = [line.strip() for line in proc.stderr.splitlines() if line.strip()]
        reasons = [line[2:] for line in lines if line.startswith("- ")]
        return None, (reasons or lines or ["the package does not load it"])[-1]
    return proc.stdout.strip(), None


def _installed_places(soname):
    """(path, how found) of the installed libraries to try, in order."""
    places = []
    try:
        proc = subprocess.run(["pkg-config", "--variable=libdir", "grundy"],
                              capture_output=True, text=True, timeout=60)
        if proc.returncode == 0 and proc.stdout.strip():
            places.append((os.path.join(proc.stdout.strip(), soname), "pkg-config grundy"))
    except (OSError, subprocess.TimeoutExpired):
        pass
    multiarch = sysconfig.get_config_var("MULTIARCH")
    for folder in ["/usr/local/lib", "/usr/local/lib64"] + \
            (["/usr/lib/" + multiarch] if multiarch else []) + ["/usr/lib64", "/usr/lib"]:
        places.append((os.path.join(folder, soname), "a standard folder"))
    return places


def _find_library(version, config_settings):
    """The libgrundy the wheel takes (see the top): ("tree", path),
    ("installed", path), or ("compile", None), having said which and why."""
    want = "%d.%d.%d" % version
    choice = ((config_settings or {}).get("library") or os.environ.get("GRUNDY_BUILD_LIBRARY")
              or "auto")
    if choice not in ("auto", "compile"):
        raise ValueError("library=%r: give auto (the default: a libgrundy built in the tree or "
                         "installed, else one compiled) or compile" % (choice,))
    passed = []
    if choice == "compile":
        passed.append("library=compile asks for one compiled here")
    else:
        tree = os.path.join(REPO, "lib", "libgrundy.so." + want)
        if not os.path.exists(tree):
            passed.append("none built in this source tree (no %s: `make` builds it)" % tree)
        else:
            newest = _newest_source()
            got, why = (None, None) if os.path.getmtime(tree) < newest[0] else _loads(tree)
            if got is None and why is None:
                passed.append("%s is older than %s (run `make` to use it)" % (tree, newest[1]))
            elif why or got != want:
                passed.append("%s: %s" % (tree, why or "version %s, not %s" % (got, want)))
            else:
                _say("using libgrundy %s built in this source tree, %s (copied into the "
                     "package)" % (got, tree))
                return "tree", tree
        seen = set()
        for path, how in _installed_places(_soname(version)):
            if path in seen or not os.path.exists(path):
                continue
            seen.add(path)
            got, why = _loads(path)
            if why:
                passed.append("%s (%s): %s" % (path, how, why))
                continue
            _say("using the installed libgrundy %s, %s (found by %s; the package loads it from "
                 "there)" % (got, path, how))
            return "installed", path
        if not seen:
            passed.append("no %s installed (pkg-config grundy, /usr/local/lib, /usr/lib)"
                          % _soname(version))
    _say("compiling libgrundy %s from the sources into the package, a minute or two of CPU: %s"
         % (want, "; ".join(passed)))
    return "compile", None


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (arcname, digest, len(data))


def _package_files():
    """(archive name, path) of every file of the package, .py, .pyi, py.typed."""
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith((".py", ".pyi")) or name == "py.typed":
            if name != "_install.py":  # make install's, not a wheel's
                yield "grundy/" + name, os.path.join(PACKAGE, name)


# -- PEP 517 hooks -------------------------------------------------------------


def get_requires_for_build_wheel(config_settings=None):
    """Nothing to install first: the standard library and a C compiler."""
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    """Writes the .dist-info directory (METADATA, WHEEL); returns its name."""
    version = _version()
    info = os.path.join(metadata_directory, _dist_info(version))
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(version))
    with open(os.path.join(info, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file())
    return os.path.basename(info)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Compiles the library and writes the wheel (a zip with the package,
    the library, and METADATA, WHEEL and RECORD); returns its file name."""
    version = _version()
    info = _dist_info(version)
    name = "%s-%s-%s.whl" % (NAME, "%d.%d.%d" % version, _tag())
    tmp = tempfile.mkdtemp(prefix="grundy-wheel-")
    try:
        how, library = _find_library(version, config_settings)
        entries = [(arc, open(path, "rb").read()) for arc, path in _package_files()]
        if how == "installed":
            entries.append(("grundy/_install.py", ('"""Where the installed libgrundy is, which '
                                                   'the package loads."""\nLIBRARY = %r\n'
                                                   % library).encode("utf-8")))
        else:
            if how == "compile":
                library = _compile_library(tmp, version)
            entries.append(("grundy/" + _soname(version), open(library, "rb").read()))
        entries.append((info + "/METADATA", _metadata(version).encode("utf-8")))
        entries.append((info + "/LICENSE", open(LICENSE_FILE, "rb").read()))
        entries.append((info + "/WHEEL", _wheel_file().encode("utf-8")))
        record = "".join(_record_line(arc, data) for arc, data in entries)
        record += info + "/RECORD,,\n"
        entries.append((info + "/RECORD", record.encode("utf-8")))
        path = os.path.join(wheel_directory, name)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for arc, data in entries:
                zi = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                zi.external_attr = (0o755 if "/libgrundy.so" in arc else 0o644) << 16
                zi.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(zi, data)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """A source distribution would need the C sources of the whole
    repository beside the package; install from a checkout instead."""
    raise NotImplementedError("grundy is built from a libgrundy checkout: "
                              "pip install --no-build-isolation ./bindings/python")
