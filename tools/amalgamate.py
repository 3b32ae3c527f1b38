#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write libgrundy as one stb-style header: single/grundy.h, or with
--contest its contest edition, single/grundy_contest.h (see "the contest
edition" below and docs/contest.md).

usage: python3 tools/amalgamate.py OUTPUT       (from anywhere; `make single-header`)
       python3 tools/amalgamate.py --contest [--modules M1,M2,...] OUTPUT
       python3 tools/amalgamate.py --contest --calls F1,F2,... OUTPUT
       python3 tools/amalgamate.py --contest --calls-of PROGRAM.c OUTPUT
       (the calls PROGRAM.c names; each contest form may add --plays P1,P2,...,
       the plays to keep of heap games, games given by rules and graphs, named as
       the library's GRUNDY_PLAY_... in lower case: normal, misere, wtia,
       conjunctive, continued, loopy, selective, shortened; and --lean,
       which leaves out the word engine of games of 8-byte positions)
Each form may start with --layers 'L1 L2 ...', the library's folders of src/
in their order; without it they are read from the Makefile's LIB_DIRS, the
one place that lists them (the Makefile passes its LIB_DIRS).

The output is include/grundy.h, then the library's sources inside
`#ifdef GRUNDY_IMPLEMENTATION`, outside the declarations' include guard: the
.c files of the library's folders of src/ (LIBRARY, the Makefile's
LIB_DIRS; not the command-line tool's src/cli/), folder by folder in that
order and by name within each, each private header inlined where it is
first included.  In the whole edition, #line directives name the file and
line of src/ each stretch of code comes from, so that compiler messages and
debuggers point into src/.  Both editions open with the licence, LICENSE's
whole text.  The same inputs always give the same bytes.

Sources include private headers by their path under src/ (`#include
"core/table.h"`).  Each folder uses only itself and the folders before it
in LIBRARY: an #include of a later folder's header stops the generator, so
the order is the library's architecture, checked.

What the sources need to live in a user's translation unit is done here, on
the text, so the sources stay as they read best:

- Every name a source file defines at file scope (static functions and
  variables, types, struct and enum tags, enum constants, macros) gets the
  library's prefix and the file's name: `search` in graph/graph_solve.c
  becomes `grundy__graph_solve__search`, `L` in graph/graph_genus.c
  `GRUNDY__GRAPH_GENUS__L`; names a
  private header defines get the prefix alone.  A contest program's own
  `search` or `L` can then sit in the same file, and files may reuse names.
  Names that already begin with grundy_ or GRUNDY_ are left alone.
- Internal functions (grundy__*, shared between source files) become static,
  so the only external names are the public API's.
- A file's macros are #undef'd at its end, the headers' at the end of the
  implementation, and include guards of private headers are dropped (each is
  inlined once).  A header without an include guard is a fragment included
  for its text (heap_kernel.h, a template by inclusion): it is inlined at
  every inclusion and renamed as part of the file that includes it.
- System headers are included once, before the code, outside extern "C".
- GRUNDY_STATIC makes every public function static (and implies the
  implementation): the header's GRUNDY_API gains a branch for it.
- The experimental calls (section 9 of the header) are declared to the
  program only if it defines GRUNDY_EXPERIMENTAL; the sources that define
  them turn the macro on for themselves (EXPERIMENTAL_ON below).  Here that
  block is dropped, so the program's own setting is never changed, and the
  implementation declares the calls itself when the header did not (which
  it marks with EXPERIMENTAL_DECLARED: a file may include the header once
  without GRUNDY_EXPERIMENTAL and then again with it and the implementation).

Anything else it cannot vouch for stops it with a message: an #include of a
file it does not know, an #include inside #if, a file-scope definition it
does not recognise, a non-static function or variable outside the grundy_
namespace, a new name that collides with one already in use.
"""
import bisect
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = "include/grundy.h"
SRC = "src"
# The library's folders of src/ are listed once, in the Makefile (LIB_DIRS),
# each using only itself and those before it: LIBRARY, set below.
MAKEFILE = "Makefile"
# Headers of those folders that are no part of the library: the measuring
# allocator that the command-line tool and the tests share.
NOT_LIBRARY = ("core/counting_alloc.h",)
GENERATOR = "tools/amalgamate.py"
# Internal functions are declared with this (static, and no warning if unused).
LOCAL = "GRUNDY__LOCAL"
PREFIXED = re.compile(r"(grundy_|GRUNDY_)")


class AmalgamationError(Exception):
    pass


def fail(path, msg, line=None):
    where = path if line is None else "%s:%d" % (path, line)
    raise AmalgamationError("%s: %s" % (where, msg))


def makefile_layers():
    """The library's folders of src/ in their order: the Makefile's LIB_DIRS
    (`make print-layers` prints it; the Makefile passes it as --layers)."""
    try:
        with open(os.path.join(ROOT, MAKEFILE), encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise AmalgamationError("%s: cannot read the list of the library's folders "
                                "(LIB_DIRS): %s" % (MAKEFILE, exc.strerror))
    m = re.search(r"^LIB_DIRS\s*:?=((?:[^\n]*\\\n)*[^\n]*)$", text, re.M)
    if m is None:
        fail(MAKEFILE, "no LIB_DIRS := line listing the library's folders of %s/" % SRC)
    return check_layers(MAKEFILE, m.group(1).replace("\\\n", " ").split())


def check_layers(where, layers):
    for d in layers:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", d) or \
                not os.path.isdir(os.path.join(ROOT, SRC, d)):
            fail(where, "LIB_DIRS: %r is not a folder of %s/" % (d, SRC))
    if not layers or len(set(layers)) != len(layers):
        fail(where, "LIB_DIRS must name each of the library's folders once")
    return tuple(layers)


try:
    LIBRARY = makefile_layers()
    LAYERS_ERROR = None
except AmalgamationError as exc:  # reported when the layers are needed
    LIBRARY, LAYERS_ERROR = (), exc


# ---- reading C ------------------------------------------------------------

TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*")
  | (?P<char>'(?:\\.|[^'\\\n])*')
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<number>\.?\d(?:[eEpP][+-]|[\w.])*)
  | (?P<space>\s+)
  | (?P<punct>->|\#\#|[^\s])
""", re.S | re.X)


def tokens(path, text):
    """The tokens of text as (kind, text) pairs; their texts join to text."""
    out = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        kind = m.lastgroup
        tok = m.group()
        if kind == "punct" and tok in ("'", '"') or text.startswith("/*", pos) and kind != "comment":
            fail(path, "unterminated literal or comment", text.count("\n", 0, pos) + 1)
        out.append((kind, tok))
        pos = m.end()
    return out


def code_view(path, text):
    """text with comments and the insides of literals blanked (same offsets
    and newlines), so that code structure can be read with plain patterns."""
    parts = []
    for kind, tok in tokens(path, text):
        if kind == "comment":
            parts.append(re.sub(r"[^\n]", " ", tok))
        elif kind in ("string", "char"):
            parts.append(tok[0] + " " * (len(tok) - 2) + tok[-1])
        else:
            parts.append(tok)
    return "".join(parts)


def directive_lines(code):
    """Line indices of preprocessor directives (continuations included)."""
    lines = code.split("\n")
    out = set()
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("#"):
            out.add(i)
            while lines[i].endswith("\\") and i + 1 < len(lines):
                i += 1
                out.add(i)
        i += 1
    return out


def top_level(path, code):
    """The file-scope declarations and definitions of code: (start offset,
    text) with directive lines blanked and bodies kept."""
    lines = code.split("\n")
    skip = directive_lines(code)
    flat = "\n".join(" " * len(l) if i in skip else l for i, l in enumerate(lines))
    out = []
    start = None
    braces = parens = 0
    body_is_function = False
    last = ""  # last significant character before an opening brace at depth 0
    for i, c in enumerate(flat):
        if c.isspace():
            continue
        if start is None:
            start = i
        if c == "(":
            parens += 1
        elif c == ")":
            parens -= 1
        elif c == "{":
            if braces == 0:
                body_is_function = last == ")"
            braces += 1
        elif c == "}":
            braces -= 1
            if braces == 0 and body_is_function:
                out.append((start, flat[start:i + 1]))
                start = None
        elif c == ";" and braces == 0 and parens == 0:
            out.append((start, flat[start:i + 1]))
            start = None
        if braces < 0 or parens < 0:
            fail(path, "unbalanced braces or parentheses", code.count("\n", 0, i) + 1)
        if braces == 0:
            last = c
    if start is not None:
        fail(path, "the file ends inside a declaration", code.count("\n", 0, start) + 1)
    return out


def check_conditions_inside(path, decl, line):
    """Stops unless every conditional directive inside a file-scope
    declaration (decl, at line) opens and closes inside it.  An edition cut
    to a program's calls drops whole declarations: one that a #if around
    its attribute starts before and an #endif ends inside would leave that
    #if open (a macro for the attribute keeps the condition whole)."""
    depth = 0
    for k, text in enumerate(decl.split("\n")):
        m = re.match(r"\s*#\s*(if|ifdef|ifndef|endif)\b", text)
        if m:
            depth += -1 if m.group(1) == "endif" else 1
        if depth < 0:
            fail(path, "an #endif inside a declaration closes a #if opened before it "
                 "(a cut edition that drops the declaration would leave the #if open; "
                 "put the condition in a macro)", line + k)
    if depth != 0:
        fail(path, "a #if inside a declaration is closed after it (a cut edition that "
             "drops the declaration would leave it open; put the condition in a macro)", line)


def strip_bodies(text):
    """text with the insides of every outermost {...} removed."""
    out = []
    depth = 0
    for c in text:
        if c == "}":
            depth -= 1
        if depth == 0:
            out.append(c)
        if c == "{":
            depth += 1
    return re.sub(r"\s+", " ", "".join(out)).strip()


def outer_bodies(text):
    """The contents of every outermost {...} of text."""
    bodies = []
    depth = 0
    for i, c in enumerate(text):
        if c == "{":
            if depth == 0:
                begin = i + 1
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                bodies.append(text[begin:i])
    return bodies


DECLARATOR = re.compile(r"([A-Za-z_]\w*)\s*(?:\[|=|;|,)")


def declared_name(decl):
    """The name a declaration without its body declares: the identifier
    before the first '(' (a function) or before '[', '=', ';' (a variable)."""
    head = re.split(r"__attribute__", decl)[0]
    m = re.search(r"([A-Za-z_]\w*)\s*\(", head)
    if m:
        return m.group(1), "function"
    m = DECLARATOR.search(head)
    return (m.group(1) if m else None), "variable"


def file_scope(path, text):
    """What a source file defines at file scope.

    Returns (names, local_at, macros): names is the set of identifiers it
    defines (types, tags, enum constants, static functions and variables,
    macros), local_at the offsets where a grundy__ function declaration or
    definition starts (to be made static), macros the names of the macros
    still defined at its end, in the order of their definitions."""
    code = code_view(path, text)
    names = set()
    macros = []
    for line in code.split("\n"):
        m = re.match(r"\s*#\s*(\w+)\s*(\w*)", line)
        if not m:
            continue
        if m.group(1) == "define":
            names.add(m.group(2))
            if m.group(2) not in macros:
                macros.append(m.group(2))
        elif m.group(1) == "undef" and m.group(2) in macros:
            macros.remove(m.group(2))  # macros: those still defined at the end
        elif m.group(1) not in ("include", "undef", "if", "ifdef", "ifndef", "elif", "else",
                                "endif", "pragma"):
            fail(path, "unsupported directive #%s" % m.group(1))
    local_at = []
    for start, decl in top_level(path, code):
        line = code.count("\n", 0, start) + 1
        check_conditions_inside(path, code[start:start + len(decl)], line)
        flat = strip_bodies(decl)
        # A GNU attribute's parentheses would read as a declarator's.
        flat = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)\s*", "", flat)
        words = flat.split()
        types = type_names(path, decl, flat, line)
        if types is not None:
            names.update(types)
        elif words[0] == "static":
            name, _ = declared_name(flat)
            if name is None:
                fail(path, "a static declaration this script does not read: %s" % flat, line)
            names.add(name)
        else:
            name, kind = declared_name(flat)
            if kind != "function" or name is None:
                fail(path, "a file-scope variable or declaration that is not static: %s" % flat,
                     line)
            if name.startswith("grundy__"):
                local_at.append(start)
            elif not name.startswith("grundy_"):
                fail(path, "a non-static function outside the grundy_ namespace: %s" % name, line)
    return names, local_at, macros


def type_names(path, decl, flat, line):
    """The names a typedef, struct, union or enum declaration defines (flat:
    decl without bodies or attributes), or None for another declaration."""
    names = set()
    if flat.startswith("typedef "):
        tag = re.match(r"typedef (?:struct|union|enum) (\w+) \{", flat)
        if tag:
            names.add(tag.group(1))
        if re.match(r"typedef enum\b", flat):
            names.update(enum_constants(path, decl, line))
        m = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", flat)  # typedef T (*name)(...);
        m = m or re.search(r"(\w+)\s*;$", flat)
        if not m:
            fail(path, "a typedef this script does not read: %s" % flat, line)
        names.add(m.group(1))
    elif re.match(r"(struct|union) \w+ \{\}", flat):
        names.add(flat.split()[1])
    elif re.match(r"enum (\w+ )?\{\}", flat):
        tag = re.match(r"enum (\w+) ", flat)
        if tag:
            names.add(tag.group(1))
        names.update(enum_constants(path, decl, line))
    else:
        return None
    return names


def enum_constants(path, decl, line):
    bodies = outer_bodies(decl)
    if len(bodies) != 1:
        fail(path, "an enum this script does not read", line)
    out = []
    for item in bodies[0].split(","):
        m = re.match(r"\s*([A-Za-z_]\w*)", item)
        if m:
            out.append(m.group(1))
        elif item.strip():
            fail(path, "an enumerator this script does not read: %s" % item.strip(), line)
    return out


# ---- the sources ------------------------------------------------------------

EXPERIMENTAL_ON = "#ifndef GRUNDY_EXPERIMENTAL\n#define GRUNDY_EXPERIMENTAL\n#endif\n"
EXPERIMENTAL_SECTION = re.compile(
    r"^#if defined\(GRUNDY_EXPERIMENTAL\) \|\| defined\(GRUNDY_DOXYGEN\)\n(.*?)"
    r"^#endif /\* GRUNDY_EXPERIMENTAL \*/\n", re.M | re.S)


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        text = f.read()
    if not text.endswith("\n"):
        fail(rel, "no newline at the end of the file")
    if rel != PUBLIC:
        # (blank lines in its place, so that lines keep their numbers)
        text = text.replace(EXPERIMENTAL_ON, "\n" * EXPERIMENTAL_ON.count("\n"))
    if rel != PUBLIC and "GRUNDY_EXPERIMENTAL" in code_view(rel, text):
        fail(rel, "uses GRUNDY_EXPERIMENTAL other than as %r" % EXPERIMENTAL_ON)
    return text


# Defined by the header's experimental section: whether the calls were
# declared is known only there, the program's GRUNDY_EXPERIMENTAL at the
# implementation's inclusion may be newer than the header's (once) inclusion.
EXPERIMENTAL_DECLARED = "GRUNDY__EXPERIMENTAL_DECLARED"


def experimental_declarations(text):
    """The header text with its experimental section marking that it
    declared the calls, and the section's prototypes, for the implementation
    to declare when the section did not."""
    m = EXPERIMENTAL_SECTION.search(text)
    if m is None:
        fail(PUBLIC, "no experimental section this script can read")
    marked = text[:m.start(1)] + "#define %s\n" % EXPERIMENTAL_DECLARED + text[m.start(1):]
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    protos = re.findall(r"^GRUNDY_API [^;]*;", body, re.M | re.S)
    if not protos:
        fail(PUBLIC, "the experimental section declares no function")
    return marked, ("#ifndef %s\n" % EXPERIMENTAL_DECLARED
                    + "".join(re.sub(r"\s+", " ", p) + "\n" for p in protos)
                    + "#endif\n")


def include_guard(rel, text):
    """The include guard's (#ifndef line, #define line, #endif line) indices,
    or None for a fragment (a header without one)."""
    code_lines = code_view(rel, text).split("\n")
    nonblank = [i for i, l in enumerate(code_lines) if l.strip()]
    if len(nonblank) < 3:
        return None
    first = re.fullmatch(r"\s*#\s*ifndef\s+(\w+)\s*", code_lines[nonblank[0]])
    if not first:
        return None
    second = re.fullmatch(r"\s*#\s*define\s+(\w+)\s*", code_lines[nonblank[1]])
    last = re.fullmatch(r"\s*#\s*endif\s*", code_lines[nonblank[-1]])
    if not (second and last and second.group(1) == first.group(1)):
        fail(rel, "starts with #ifndef but has no include guard this script can read")
    depth = 0
    for i in nonblank:
        if re.match(r"\s*#\s*if", code_lines[i]):
            depth += 1
        elif re.match(r"\s*#\s*endif", code_lines[i]):
            depth -= 1
            if depth == 0 and i != nonblank[-1]:
                fail(rel, "the include guard closes before the end of the file", i + 1)
    return nonblank[0], nonblank[1], nonblank[-1]


def prefixed_name(name, stem):
    """The name name gets in the single header: the library's prefix, and
    the source file's name for names of a .c file (stem None for headers)."""
    middle = "" if stem is None else stem + "__"
    if name == name.upper():
        return "GRUNDY__" + middle.upper() + name
    return "grundy__" + middle + name


def rename(path, text, mapping):
    """text with every identifier of mapping replaced (not struct members
    reached by . or ->, nor anything in comments and literals)."""
    out = []
    prev = ""
    for kind, tok in tokens(path, text):
        if kind == "ident" and tok in mapping and prev not in (".", "->"):
            tok = mapping[tok]
        if kind not in ("space", "comment"):
            prev = tok
        out.append(tok)
    return "".join(out)


class Source:
    """One file of src/, read and analysed; name is its path under src/."""

    def __init__(self, name):
        rel = SRC + "/" + name
        self.rel = rel
        self.folder = LIBRARY.index(name.split("/")[0])  # its place in the architecture
        self.text = read(rel)
        self.stem = os.path.splitext(os.path.basename(rel))[0]
        self.is_header = rel.endswith(".h")
        self.guard = include_guard(rel, self.text) if self.is_header else None
        self.fragment = self.is_header and self.guard is None
        self.names, self.local_at, self.macros = file_scope(rel, self.text)
        if self.guard is not None:
            guard_name = re.search(r"#\s*define\s+(\w+)", self.text.split("\n")[self.guard[1]])
            self.names.discard(guard_name.group(1))
            self.macros.remove(guard_name.group(1))
        self.own = sorted(n for n in self.names if not PREFIXED.match(n))


class Amalgamation:
    def __init__(self):
        if not LIBRARY:
            raise LAYERS_ERROR
        self.sources = {}
        for folder in LIBRARY:
            for base in sorted(os.listdir(os.path.join(ROOT, SRC, folder))):
                name = folder + "/" + base
                if base.endswith((".c", ".h")) and name not in NOT_LIBRARY:
                    self.sources[name] = Source(name)
        self.units = [s for s in self.sources.values() if not s.is_header]
        self.system = set()
        self.inlined = set()
        self.header_macros = []
        self.check_names()

    def check_names(self):
        """Every new name must be new: not a token of any source."""
        used = set()
        for rel in [PUBLIC] + [s.rel for s in self.sources.values()]:
            used.update(tok for kind, tok in tokens(rel, read(rel)) if kind == "ident")
        self.global_map = {}
        for s in self.sources.values():
            if s.is_header and not s.fragment:
                for n in s.own:
                    self.global_map[n] = prefixed_name(n, None)
        seen = {}
        for s in self.sources.values():
            if s.fragment:
                for n in s.own:
                    if not any(n in u.names for u in self.units):
                        fail(s.rel, "a fragment defines %s, which no file defines for it" % n)
                continue
            mapping = self.global_map if s.is_header else \
                {n: prefixed_name(n, s.stem) for n in s.own}
            for n in s.own:
                new = mapping[n]
                if new in used or seen.get(new, s.rel) != s.rel:
                    fail(s.rel, "%s would become %s, a name already in use" % (n, new))
                seen[new] = s.rel
                if not s.is_header and n in self.global_map:
                    fail(s.rel, "%s is also defined by a private header" % n)

    def renames(self):
        """Every name the single header changes, as sorted (old, new) pairs."""
        pairs = set(self.global_map.items())
        for unit in self.units:
            pairs.update((n, prefixed_name(n, unit.stem)) for n in unit.own)
        return sorted(pairs)

    def expand(self, src, mapping, into):
        """Appends src's text to into, its includes resolved, renamed with
        mapping plus the headers' names."""
        text = src.text
        lines = text.split("\n")
        if src.local_at:
            # Internal functions become static: mark the start of each.
            parts = []
            last = 0
            for at in src.local_at:
                parts.append(text[last:at])
                parts.append(LOCAL + " ")
                last = at
            parts.append(text[last:])
            text = "".join(parts)
            lines = text.split("\n")
        code_lines = code_view(src.rel, text).split("\n")
        drop = set(src.guard) if src.guard else set()
        depth = 0
        chunk = []
        full_map = dict(self.global_map)
        full_map.update(mapping)

        resumed = []  # set once an inlined header interrupts src

        def flush():
            text = "\n".join(line for line, _ in chunk) + "\n"
            if chunk and resumed and text.strip():
                into.append(("/* === %s (continued) === */\n" % src.rel, None))
                del resumed[:]
            if chunk:
                text = rename(src.rel, text, full_map)
                into.append((text, [(src.rel, n, c) for (_, n), c in
                                    zip(chunk, lines_in_comments(src.rel, text))]))
                del chunk[:]

        for i, line in enumerate(lines[:-1]):  # the text ends with a newline
            if i in drop:
                continue
            code = code_lines[i]
            if re.match(r"\s*#\s*if", code):
                depth += 1
            elif re.match(r"\s*#\s*endif", code):
                depth -= 1
            m = re.match(r"\s*#\s*include\s*([<\"])([^>\"]+)[>\"]", line)
            if not m:
                chunk.append((line, i + 1))
                continue
            if depth != 0 and m.group(1) == "<":
                chunk.append((line, i + 1))  # a platform's header stays under its #if
                continue
            if depth != 0:  # (the include guard's lines are dropped)
                fail(src.rel, "an #include inside #if", i + 1)
            if m.group(1) == "<":
                self.system.add(m.group(2))
                continue
            name = m.group(2)
            if name == "grundy.h":
                continue  # the declarations come first
            if name not in self.sources or not name.endswith(".h"):
                fail(src.rel, "#include \"%s\": not a header of %s/" % (name, SRC), i + 1)
            header = self.sources[name]
            if header.folder > src.folder:
                fail(src.rel, "#include \"%s\": %s/ comes after %s/, which may use only "
                     "itself and the folders before it (%s)"
                     % (name, LIBRARY[header.folder], LIBRARY[src.folder], ", ".join(LIBRARY)),
                     i + 1)
            if header.fragment:
                flush()
                into.append(("/* === %s (included by %s) === */\n" % (header.rel, src.rel), None))
                self.expand(header, mapping, into)
                resumed.append(True)
            elif name not in self.inlined:
                self.inlined.add(name)
                flush()
                into.append(("/* === %s === */\n" % header.rel, None))
                self.expand(header, {}, into)
                self.header_macros += [prefixed_name(n, None) if n in self.global_map else n
                                       for n in header.macros]
                resumed.append(True)
        flush()

    def implementation(self, line_directives=False):
        """The sources' text, in order; with line_directives, a #line
        directive wherever the text stops following its source file line
        by line, so that compilers and debuggers name src/'s files and
        lines."""
        body = []
        for unit in self.units:
            body.append(("\n/* === %s === */\n" % unit.rel, None))
            mapping = {n: prefixed_name(n, unit.stem) for n in unit.own}
            self.expand(unit, mapping, body)
            undef = [mapping.get(n, n) for n in unit.macros]
            if undef:
                body.append(("".join("#undef %s\n" % n for n in undef), None))
        for rel in sorted(self.sources):
            s = self.sources[rel]
            if s.is_header and not s.fragment and rel not in self.inlined:
                fail(s.rel, "no source file includes this header")
        out = []
        last = None  # where the line before comes from: (file, line), or None
        for text, origins in body:
            lines = text.split("\n")[:-1]  # every piece ends with a newline
            for line, origin in zip(lines, origins or [None] * len(lines)):
                # Sections are separated by one blank line, whatever the
                # files end with (a blank line inside a comment stays).
                if line == "" and out and out[-1] == "" and not (origin and origin[2]):
                    continue
                if line_directives and origin is not None:
                    if last != (origin[0], origin[1] - 1):
                        out.append('#line %d "%s"' % (origin[1], origin[0]))
                    last = origin[:2]
                else:
                    last = None
                out.append(line)
        return "\n".join(out) + "\n", sorted(self.system), self.header_macros


def lines_in_comments(path, text):
    """For each line of text (which ends with a newline), whether it begins
    inside a comment."""
    starts = [False]
    for kind, tok in tokens(path, text):
        starts.extend([kind == "comment"] * tok.count("\n"))
    return starts[:-1]


def public_header():
    text = read(PUBLIC)
    if re.search(r"#\s*include\s*\"", text):
        fail(PUBLIC, "the public header includes a local file")
    old = "#if defined(_WIN32) && defined(GRUNDY_BUILDING_DLL)\n"
    if text.count(old) != 1:
        fail(PUBLIC, "GRUNDY_API is no longer defined as this script expects (%r)" % old.strip())
    new = ("#if defined(GRUNDY_STATIC) && defined(__GNUC__)\n"
           "#define GRUNDY_API static __attribute__((unused))\n"
           "#elif defined(GRUNDY_STATIC)\n"
           "#define GRUNDY_API static\n"
           "#elif defined(_WIN32) && defined(GRUNDY_BUILDING_DLL)\n")
    version = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.findall(r"^#define GRUNDY_VERSION_%s (\d+)$" % part, text, re.M)
        if len(m) != 1:
            fail(PUBLIC, "no single GRUNDY_VERSION_%s" % part)
        version.append(m[0])
    return text.replace(old, new), ".".join(version)


def licence():
    """The licence, as the comment each edition starts with: the MIT
    licence asks that its text go with every copy, a pasted one too."""
    try:
        with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as f:
            text = f.read().strip("\n")
    except OSError as exc:
        raise AmalgamationError("LICENSE: %s" % exc.strerror)
    if "*/" in text:
        fail("LICENSE", "holds */, which would end the comment it goes into")
    return ("/* SPDX-License-Identifier: MIT\n *\n"
            + "".join((" * " + l).rstrip() + "\n" for l in text.split("\n")) + " */\n")


BANNER = """\
/* grundy.h: libgrundy {version}, Sprague-Grundy theory for impartial games,
 * as a single header.
 *
 * GENERATED FILE, do not edit: {generator} writes it from
 * {public} and the library's sources in {src}/ (`make single-header`);
 * change those instead.
 *
 * Use: in exactly one C or C++ file of the program,
 *
 *     #define GRUNDY_IMPLEMENTATION
 *     #include "grundy.h"
 *
 * and include it without the define anywhere else.  Defining GRUNDY_STATIC
 * (with or instead of GRUNDY_IMPLEMENTATION) makes every function static,
 * private to the one file that includes it, which is all a one-file program
 * needs.  It compiles as C11 and as C++ (C++11 or later), links with nothing
 * but the C library, and keeps its internal names (all grundy__ or GRUNDY__)
 * out of the program's way.  The API is documented below and in the manual.
 */
"""

IMPLEMENTATION_BEGIN = """\

/* ======================================================================== */
/* The implementation: every source file of the library in src/ but the
 * command-line tool's, in one piece.  Internal names carry the prefix grundy__ (or
 * GRUNDY__) and the name of their source file; internal functions are
 * static. */

#if defined(GRUNDY_STATIC) && !defined(GRUNDY_IMPLEMENTATION)
#define GRUNDY_IMPLEMENTATION
#endif

#if defined(GRUNDY_IMPLEMENTATION) && !defined(GRUNDY__IMPLEMENTED)
#define GRUNDY__IMPLEMENTED

{includes}
#ifdef __cplusplus
extern "C" {{
#endif

#if defined(__GNUC__)
#define {local} static __attribute__((unused))
#else
#define {local} static
#endif

{experimental}"""

IMPLEMENTATION_END = """\

{undefs}
#ifdef __cplusplus
}}
#endif

#endif /* GRUNDY_IMPLEMENTATION */
"""


def amalgamate(line_directives=False):
    header, version = public_header()
    header, experimental = experimental_declarations(header)
    code, system, header_macros = Amalgamation().implementation(line_directives)
    includes = "".join("#include <%s>\n" % h for h in system)
    undefs = "".join("#undef %s\n" % m for m in header_macros + [LOCAL])
    return (licence() + BANNER.format(version=version, generator=GENERATOR, public=PUBLIC, src=SRC) + "\n"
            + header
            + IMPLEMENTATION_BEGIN.format(includes=includes, local=LOCAL,
                                          experimental=experimental)
            + code
            + IMPLEMENTATION_END.format(undefs=undefs))



# ---- the contest edition ---------------------------------------------------
#
# `--contest` writes the library for a judge: one file pasted into a
# submission of at most 64 KB.  It is the amalgamation above, then, on its
# text:
#
# - the preprocessor conditions on the macros of CONTEST_MACROS are resolved
#   (threads off, portable scans; with --lean no word engine, GRUNDY_LEAN;
#   with --plays, the switch of each play not named, PLAY_SWITCHES), and the
#   other branches dropped; where the cut keeps the word engine and nothing
#   that makes a game of positions other than 8 bytes (grundy_game_new() is
#   not kept), GRUNDY_WORD_GAMES_ONLY too, which leaves out the generic
#   engine of games given by rules;
# - the public functions of CONTEST_LEAVES_OUT are no roots, and only what
#   the chosen modules' public functions reach is kept (functions, types,
#   variables, macros), so a module costs what it uses; with --calls (or
#   --calls-of, the public functions a program names), only what the public
#   functions named reach, so a problem costs what it calls;
# - in an edition cut to calls, the public header's types that nothing kept
#   names go (the handles and callbacks of the calls left out); its macros
#   stay;
# - the definition of an internal function takes the place of its
#   prototype where nothing it names changes between the two (it takes the
#   functions and macros of its own file it needs along), and a prototype
#   is dropped where its definition comes before anything names it (the
#   definition declares it in time);
# - internal names are shortened (grundy__graph_solve__search becomes
#   gr_search, or gr_graph_solve_search where two files both have one);
# - comments are dropped, and the code is set in lines of about 100
#   characters with only the spaces C needs.
#
# The same sources, so the same algorithms: nothing is rewritten here that
# the compiler would not see the same way.

# Preprocessor macros the contest edition fixes: True defined, False not.
# __SSE2__ is left to the compiler: the word engine's SSE2 bucket match
# where there is SSE2 (every x86-64), its portable loop elsewhere.
CONTEST_MACROS = {
    "GRUNDY_NO_THREADS": True,     # one thread: no POSIX threads, no atomics
    "GRUNDY_SCAN_PORTABLE": True,  # the portable loops, no SIMD scans or AVX2 matches
    "__AVX2__": False, "__x86_64__": False, "__i386__": False,
    "__aarch64__": False, "GRUNDY_DOXYGEN": False, "GRUNDY_EXPERIMENTAL": False,
    "GRUNDY_NORMAL_PLAY_ONLY": False,  # the plays are chosen one by one (PLAY_SWITCHES)
    "GRUNDY_LEAN": False,  # the word engine stays (--lean leaves it out)
    "GRUNDY_WORD_GAMES_ONLY": False,  # set where nothing kept makes games of other sizes
}
# The plays --plays names (the library's GRUNDY_PLAY_... in lower case) and
# the switch that leaves each out of heap games, games given by rules and graphs
# (src/play/play.h).  Normal play is always kept.
PLAY_SWITCHES = {
    "misere": "GRUNDY_NO_MISERE_PLAY", "wtia": "GRUNDY_NO_WTIA_PLAY",
    "conjunctive": "GRUNDY_NO_CONJUNCTIVE_PLAY", "continued": "GRUNDY_NO_CONTINUED_PLAY",
    "loopy": "GRUNDY_NO_LOOPY_PLAY", "selective": "GRUNDY_NO_SELECTIVE_PLAY",
    "shortened": "GRUNDY_NO_SHORTENED_PLAY",
}
PLAY_NAMES = ["normal"] + list(PLAY_SWITCHES)
# Public calls a contest program has no use for: progress reports (the
# experimental section's calls are left out too, by public_functions).
CONTEST_LEAVES_OUT = re.compile(r"grundy_\w+_set_progress$")
# The modules a contest edition holds unless --modules names others: every
# folder of LIBRARY but these (a folder added to LIBRARY is in by default;
# misère quotients are not contest material).  core and play are always
# there, as far as the chosen modules use them.
CONTEST_NOT_BY_DEFAULT = ("quotient",)
CONTEST_ALWAYS = ("core", "play")
CONTEST_WIDTH = 100
CONTEST_PREFIX = ("gr_", "GR_")


class Condition:
    """Evaluates a #if expression over the known macros: True, False, or
    None when it depends on one the edition does not fix."""

    def __init__(self, known):
        self.known = known  # name -> int value, or False (undefined)

    def evaluate(self, expr):
        self.toks = re.findall(r"\d+[uUlL]*|\w+|&&|\|\||[=!<>]=|[()!<>]|\S", expr)
        self.at = 0
        try:
            value = self.disjunction()
        except (IndexError, ValueError):
            return None
        if self.at != len(self.toks):
            return None
        return None if value is None else bool(value)

    def peek(self):
        return self.toks[self.at] if self.at < len(self.toks) else None

    def take(self):
        self.at += 1
        return self.toks[self.at - 1]

    def disjunction(self):
        value = self.conjunction()
        while self.peek() == "||":
            self.take()
            other = self.conjunction()
            value = True if (value or other) else (None if None in (value, other) else False)
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek() == "&&":
            self.take()
            other = self.comparison()
            if value is None or other is None:
                value = False if (value is False or other is False or value == 0
                                  or other == 0) else None
            else:
                value = value and other
        return value

    def comparison(self):
        value = self.unary()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            op = self.take()
            other = self.unary()
            if value is None or other is None:
                value = None
            else:
                value = int(eval("%d %s %d" % (int(value), op, int(other))))
        return value

    def unary(self):
        tok = self.take()
        if tok == "!":
            value = self.unary()
            return None if value is None else (not value)
        if tok == "(":
            value = self.disjunction()
            if self.take() != ")":
                raise ValueError
            return value
        if tok == "defined":
            paren = self.peek() == "("
            if paren:
                self.take()
            name = self.take()
            if paren and self.take() != ")":
                raise ValueError
            if name not in self.known:
                return None
            return self.known[name] is not False
        if re.match(r"\d", tok):
            return int(re.match(r"\d+", tok).group())
        if re.match(r"\w+$", tok):
            if tok not in self.known:
                return None
            value = self.known[tok]
            return 0 if value is False else value
        raise ValueError


def logical_lines(text):
    """text's lines with each directive's continuations joined to it."""
    out = []
    pending = None
    for line in text.split("\n"):
        if pending is not None:
            pending = pending[:-1] + " " + line.strip()
        elif line.lstrip().startswith("#"):
            pending = line
        else:
            out.append(line)
            continue
        if not pending.endswith("\\"):
            out.append(pending)
            pending = None
    return out


def resolve_conditions(lines, fixed):
    """lines with the conditions on the fixed macros resolved: a branch
    known false is dropped, its directives too when the condition is known.
    A macro defined to a number becomes known too, for the conditions that
    read it inside the same open conditions (the implementation's own
    #if GRUNDY_IMPLEMENTATION, say) as its definition."""
    known = dict((name, (1 if on else False, ())) for name, on in fixed.items())
    stack = []  # per open #if: [mode, taken, emitted, id]; mode keep/drop/open
    ids = [0]

    def opened():
        return tuple(f[3] for f in stack if f[0] == "open")

    class Scoped(dict):
        def __contains__(self, name):
            entry = known.get(name)
            return entry is not None and opened()[:len(entry[1])] == entry[1]

        def __getitem__(self, name):
            return known[name][0]

    cond = Condition(Scoped())
    out = []

    def active():
        return all(f[0] != "drop" for f in stack)

    def fresh():
        ids[0] += 1
        return ids[0]

    for line in lines:
        m = re.match(r"\s*#\s*(\w+)\s*(.*?)\s*$", line)
        word = m.group(1) if m else None
        if word in ("if", "ifdef", "ifndef"):
            expr = m.group(2)
            if word == "ifdef":
                expr = "defined(%s)" % expr
            elif word == "ifndef":
                expr = "!defined(%s)" % expr
            if not active():
                stack.append(["drop", True, False, 0])
                continue
            value = cond.evaluate(expr)
            if value is None:
                out.append(line)
                stack.append(["open", False, True, fresh()])
            else:
                stack.append(["keep" if value else "drop", value, False, 0])
        elif word in ("elif", "else"):
            frame = stack[-1]
            parent = all(f[0] != "drop" for f in stack[:-1])
            if frame[2]:  # emitted: keep it as it is, a new branch
                out.append(line)
                frame[3] = fresh()
                continue
            if not parent or frame[1]:
                frame[0] = "drop"
                continue
            value = True if word == "else" else cond.evaluate(m.group(2))
            if value is None:
                out.append("#if " + m.group(2))
                frame[:] = ["open", False, True, fresh()]
            else:
                frame[:] = ["keep" if value else "drop", value, False, 0]
        elif word == "endif":
            frame = stack.pop()
            if frame[2]:
                out.append(line)
        elif not active():
            continue
        else:
            if word in ("define", "undef"):
                d = re.match(r"(\w+)(\(?)\s*(.*)", m.group(2))
                if word == "undef":
                    known[d.group(1)] = (False, opened())
                elif not d.group(2) and re.fullmatch(r"\d+[uU]?", d.group(3)):
                    known[d.group(1)] = (int(re.match(r"\d+", d.group(3)).group()), opened())
                else:
                    known.pop(d.group(1), None)
            out.append(line)
    return out


def strip_comments(text):
    """text without its comments (a comment's newlines stay)."""
    return "".join("\n" * tok.count("\n") or " " if kind == "comment" else tok
                   for kind, tok in tokens("(edition)", text))


def passthrough(lines):
    """Indices of the lines of `extern "C" {` and its closing brace, which
    open and close a block around declarations rather than define anything."""
    out = set()
    for i in range(1, len(lines)):
        if lines[i - 1].strip() == "#ifdef __cplusplus" and lines[i].strip() in ('extern "C" {', "}"):
            out.add(i)
    return out


def item_names(path, decl):
    """The names a file-scope declaration or definition defines."""
    flat = strip_bodies(decl)
    flat = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)\s*", "", flat)
    names = type_names(path, decl, flat, 0)
    if names is None:
        name, _ = declared_name(flat)
        names = set([name] if name else [])
    return names


def pasted_name(text, start, decl, names):
    """The name of a definition named through a macro (heap_kernel.h's
    KERNEL(plain)), at offset start of text: what the macro's last
    definition before it pastes together; None for other definitions."""
    head = re.search(r"(\w+)\s*\(\s*(\w+)\s*\)\s*\(", strip_bodies(decl))
    if not head or head.group(1) not in names:
        return None
    defs = re.findall(r"^\s*#\s*define\s+%s\((\w+)\)\s*(.*)$" % head.group(1),
                      text[:start], re.M)
    if not defs:
        return None
    param, body = defs[-1]
    return re.sub(r"\s*##\s*", "", re.sub(r"\b%s\b" % param, head.group(2), body))


def defines_body(text, item, name):
    """Whether item is the body of struct or union name given apart from
    its typedef (a definition a pointer to it does not need)."""
    return re.match(r"\s*(?:struct|union)\s+%s\s*\{" % re.escape(name),
                    text[item[0]:item[1]]) is not None


def pointer_only(body, name):
    """Whether the type declaration body names name only as a pointer's
    type or in a declaration of its tag (`typedef struct N N;`), needing no
    body of it."""
    if not re.match(r"\s*(?:typedef|struct|union)\b", body):
        return False
    if re.match(r"\s*typedef\s+(?:struct|union)\s+%s\s+%s\s*;\s*$"
                % (re.escape(name), re.escape(name)), body):
        return True
    uses = list(re.finditer(r"\b%s\b" % re.escape(name), body))
    return bool(uses) and all(re.match(r"\s*\*", body[m.end():]) for m in uses)


def shake(text, roots, public_end, cut=False):
    """text with only the file-scope definitions the roots reach, directly
    or through others (and the macros they use).  The public header (before
    offset public_end) stays but for its declarations of functions neither
    roots nor reached, and with cut (an edition cut to a program's calls)
    its type names nothing kept names: the handles and callbacks of the
    calls left out.  Its macros stay, for the program's own use."""
    lines = text.split("\n")
    keep_lines = passthrough(lines)
    for i in keep_lines:
        lines[i] = " " * len(lines[i])
    code = code_view("(edition)", "\n".join(lines))
    items = []  # [start, end, names, idents]
    for start, decl in top_level("(edition)", code):
        names = item_names("(edition)", decl)
        items.append([start, start + len(decl), names, None])
    offset = 0
    for line in text.split("\n"):
        m = re.match(r"\s*#\s*(define|undef)\s+(\w+)", line)
        if m:
            items.append([offset, offset + len(line), {m.group(2)}, m.group(1)])
        offset += len(line) + 1
    definers = {}
    for item in items:
        body = text[item[0]:item[1]]
        if item[3] == "undef":
            item[3] = set()
        else:
            item[3] = set(tok for kind, tok in tokens("(edition)", body) if kind == "ident")
        for n in item[2]:
            definers.setdefault(n, []).append(item)
    # The public header's types and macros stay, but what they name is no
    # root: `typedef struct grundy_game grundy_game;` does not pull in the
    # struct's definition unless a kept function uses it.
    kept = set(id(item) for item in items if item[0] < public_end and
               not re.match(r"GRUNDY_(?:API|DEPRECATED)\b", text[item[0]:item[1]]) and
               not (cut and re.match(r"typedef\b", text[item[0]:item[1]])))
    wanted = set(roots)
    # A definition named through a macro (heap_kernel.h's KERNEL(plain))
    # gets the name the macro's last definition before it pastes together;
    # one with no name stays, with all it uses.
    directive = set(id(item) for item in items
                    if text[item[0]:item[1]].lstrip().startswith("#"))
    for item in items:
        if id(item) in directive or item[0] < public_end:
            continue
        name = pasted_name(text, item[0], text[item[0]:item[1]], item[2])
        if name is not None:
            item[2] = {name}
            definers.setdefault(name, []).append(item)
        if not item[2]:
            kept.add(id(item))
            wanted.update(item[3])
    # What conditions test stays defined (GRUNDY_IMPLEMENTATION, say).
    for line in text.split("\n"):
        if re.match(r"\s*#\s*(if|ifdef|ifndef|elif)\b", line):
            wanted.update(re.findall(r"[A-Za-z_]\w*", line))
    # A type that kept declarations name only through pointers needs no
    # body: `gr_sub_runs *runs;` in a handle keeps the typedef of the tag, and
    # the struct's body comes only if kept code uses the type itself.
    todo = [(n, True) for n in wanted]
    declared = set()
    while todo:
        name, whole = todo.pop()
        for item in definers.get(name, ()):
            if id(item) in kept or (not whole and defines_body(text, item, name)):
                continue
            kept.add(id(item))
            body = text[item[0]:item[1]]
            for n in item[3] | item[2]:
                if n in wanted:
                    continue
                if pointer_only(body, n):
                    if n not in declared:
                        declared.add(n)
                        todo.append((n, False))
                else:
                    wanted.add(n)
                    todo.append((n, True))
    drop = sorted((item[0], item[1]) for item in items
                  if item[2] and id(item) not in kept)
    out = []
    last = 0
    for start, end in drop:
        if start < last:
            continue  # inside a dropped definition already
        out.append(text[last:start])
        last = end
    out.append(text[last:])
    return "".join(out)


def drop_early_prototypes(text, public_end):
    """text without the prototypes of internal functions (grundy__...) that
    are defined before anything names them: their definition declares them
    in time, so a cut edition need not spell them twice.  Prototypes with
    directives inside (an attribute under #if) stay."""
    lines = text.split("\n")
    for i in passthrough(lines):
        lines[i] = " " * len(lines[i])
    code = code_view("(edition)", "\n".join(lines))
    protos = []
    defined = {}
    for start, decl in top_level("(edition)", code):
        if start < public_end:
            continue
        name, kind = declared_name(strip_bodies(decl))
        if kind != "function" or not name or not name.startswith("grundy__"):
            continue
        if decl.endswith("}"):
            defined.setdefault(name, start)
        elif "#" not in text[start:start + len(decl)]:
            protos.append((start, start + len(decl), name))
    uses = {}
    for m in re.finditer(r"[A-Za-z_]\w*", code):
        uses.setdefault(m.group(), []).append(m.start())
    drop = []
    for start, end, name in protos:
        at = defined.get(name)
        if at is not None and at > end and not any(end <= u < at for u in uses[name]):
            drop.append((start, end))
    out = []
    last = 0
    for start, end in sorted(drop):
        out.append(text[last:start])
        last = end
    out.append(text[last:])
    return "".join(out)


def hoist_definitions(text, public_end):
    """text with the definitions of internal functions (grundy__...) set in
    place of their prototypes, which then go, where that changes nothing
    the compiler sees; until no more can move."""
    while True:
        moved = hoist_once(text, public_end)
        if moved == text:
            return text
        text = moved


def hoist_once(text, public_end):
    """One pass of hoist_definitions.  A definition takes its prototype's
    place when it holds no directive, stands under the same open conditions
    and no header is included between the two, and nothing it names
    (through the macros it uses too) is declared, defined or undefined
    between them but the functions without a prototype and the macros
    named nowhere before (their #undef, if any, after it) that it takes
    along: those go before it, in their order, on the same terms."""
    lines = text.split("\n")
    for i in passthrough(lines):
        lines[i] = " " * len(lines[i])
    code = code_view("(edition)", "\n".join(lines))
    definers = {}  # name -> offsets of the items and directives that (re)define it
    macros = {}    # macro name -> the names its definitions use
    blocks = []    # offsets of #include lines
    directives = {}  # offset -> (end, name) of each #define line
    conds = []     # (offset, open conditions there) at every line
    stack, ids, offset = [], 0, 0
    for line in text.split("\n"):
        conds.append((offset, tuple(stack)))
        m = re.match(r"\s*#\s*(\w+)\s*(\w*)(.*)", line)
        if m and m.group(1) in ("if", "ifdef", "ifndef"):
            ids += 1
            stack.append(ids)
        elif m and m.group(1) in ("elif", "else"):
            ids += 1
            stack[-1] = ids
        elif m and m.group(1) == "endif":
            stack.pop()
        elif m and m.group(1) in ("define", "undef"):
            definers.setdefault(m.group(2), []).append(offset)
            if m.group(1) == "define":
                macros.setdefault(m.group(2), set()).update(re.findall(r"[A-Za-z_]\w*", m.group(3)))
                directives[offset] = (offset + len(line), m.group(2))
        elif m and m.group(1) == "include":
            blocks.append(offset)
        offset += len(line) + 1
    starts = [c[0] for c in conds]

    def opened(at):
        return conds[bisect.bisect_right(starts, at) - 1][1]

    protos, defs = {}, {}
    movable = {}  # offset -> (end, names) of function definitions that may go along
    for start, decl in top_level("(edition)", code):
        names = item_names("(edition)", decl)
        pasted = pasted_name(text, start, decl, names)
        if pasted is not None:
            names = names | {pasted}
        for n in names:
            definers.setdefault(n, []).append(start)
        if start < public_end:
            continue
        name, kind = declared_name(strip_bodies(decl))
        end = start + len(decl)
        if kind != "function" or not name or pasted is not None or "#" in code[start:end]:
            continue
        if decl.endswith("}"):
            movable[start] = (end, name)
            if name.startswith("grundy__"):
                defs.setdefault(name, (start, end))
        elif name.startswith("grundy__"):
            protos.setdefault(name, (start, end))
    for n in definers:
        definers[n].sort()
    protoed = set(protos)

    def used_names(start, end):
        used = set(tok for kind, tok in tokens("(edition)", text[start:end]) if kind == "ident")
        todo = [n for n in used if n in macros]
        while todo:
            for n in macros[todo.pop()]:
                if n not in used:
                    used.add(n)
                    if n in macros:
                        todo.append(n)
        return used

    def group(pstart, dstart, dend, own):
        """The definitions to move to pstart, in order, or None."""
        taken = {dstart}
        todo = [(dstart, dend, own)]
        while todo:
            start, end, name = todo.pop()
            for n in used_names(start, end) - {name, own}:
                for at in definers.get(n, ()):
                    if at < pstart or at >= dstart or at in taken:
                        continue
                    if opened(at) != opened(pstart):
                        return None
                    if at in directives:  # a macro defined once, named nowhere before
                        end, macro = directives[at]
                        if any(o != at and o < dstart for o in definers[macro]) or \
                                re.search(r"\b%s\b" % macro, text[pstart:at]):
                            return None
                    elif at in movable and movable[at][1] not in protoed:
                        end = movable[at][0]
                    else:
                        return None
                    taken.add(at)
                    todo.append((at, end, n))
        return sorted(taken)

    moves = []
    claimed = []  # ranges already given to a move of this pass
    for name, (pstart, pend) in sorted(protos.items(), key=lambda kv: kv[1]):
        if name not in defs or defs[name][0] < pend:
            continue
        dstart, dend = defs[name]
        if opened(pstart) != opened(dstart) or any(pstart <= b < dstart for b in blocks):
            continue
        taken = group(pstart, dstart, dend, name)
        if taken is None:
            continue
        ranges = [(pstart, pend)] + [(at, (directives.get(at) or movable[at])[0])
                                     for at in taken]
        if any(a < d and c < b for a, b in ranges for c, d in claimed):
            continue
        claimed.extend(ranges)
        moves.append((pstart, pend, "\n" + "\n".join(text[a:b] for a, b in ranges[1:]) + "\n"))
        moves.extend((a, b, "") for a, b in ranges[1:])
    out = []
    last = 0
    for start, end, put in sorted(moves):
        out.append(text[last:start])
        out.append(put)
        last = end
    out.append(text[last:])
    return "".join(out)


def drop_empty_conditions(lines):
    """lines without #if ... #endif blocks that enclose nothing."""
    changed = True
    while changed:
        changed = False
        out = []
        for line in lines:
            out.append(line)
            if re.match(r"#\s*endif", line):
                # #if [#else] #endif with nothing between
                j = len(out) - 2
                while j >= 0 and re.match(r"#\s*(else|elif)", out[j]):
                    j -= 1
                if j >= 0 and re.match(r"#\s*if", out[j]):
                    del out[j:]
                    changed = True
        lines = out
    return lines


def short_names(text):
    """text with its internal names shortened: grundy__FILE__NAME becomes
    gr_NAME when no other file has a NAME, else gr_FILE_NAME (GR_ in
    capitals for macros); grundy__NAME becomes gr_NAME."""
    idents = set(tok for kind, tok in tokens("(edition)", text) if kind == "ident")
    internal = sorted(n for n in idents if re.match(r"(grundy|GRUNDY)__", n))
    others = idents - set(internal)

    def split(n):
        rest = n[len("grundy__"):]
        parts = rest.split("__")
        return (parts[0], parts[1]) if len(parts) == 2 else (None, rest)

    short = {}
    for n in internal:
        short.setdefault(split(n)[1], []).append(n)
    mapping = {}
    for n in internal:
        stem, name = split(n)
        prefix = CONTEST_PREFIX[1] if n.startswith("GRUNDY") else CONTEST_PREFIX[0]
        new = prefix + name
        if len(short[name]) > 1 and stem is not None:
            new = prefix + stem + "_" + name
        if new in others or new in mapping.values():
            fail("(edition)", "%s would become %s, a name already in use" % (n, new))
        mapping[n] = new
    return rename("(edition)", text, mapping)


MERGING = set("->,++,--,<<,>>,<=,>=,==,!=,&&,||,*=,/=,%=,+=,-=,&=,^=,|=,##,<:,:>,<%,%>,%:,"
              "..,::,//,/*,.*".split(","))


def minify(text, width):
    """text set in lines of about width characters with only the spaces
    that C needs; directives keep a line each, with their spaces squeezed.
    A line ends only after ; { } or , which never begin an operator."""
    out = []
    code = []

    def flush():
        line = ""
        prev = None
        space = False
        for kind, tok in tokens("(edition)", "\n".join(code)):
            if kind in ("space", "comment"):
                space = True
                continue
            sep = ""
            if prev is not None:
                words = ("ident", "number", "string", "char")
                if prev[0] in words and kind in words:
                    sep = " "
                elif space and (prev[1][-1] + tok[0]) in MERGING:
                    sep = " "
            if prev is not None and len(line) + len(tok) > width and prev[1] in ";{},":
                out.append(line)
                line = tok
            else:
                line += sep + tok
            prev = (kind, tok)
            space = False
        if line:
            out.append(line)
        del code[:]

    for line in text.split("\n"):
        if line.lstrip().startswith("#"):
            flush()
            d = re.match(r"\s*#\s*(\w+)(.*)", line)
            rest = re.sub(r"\s+", " ", d.group(2)).strip()
            out.append("#" + d.group(1) + (" " + rest if rest else ""))
        elif line.strip():
            code.append(line)
    flush()
    return "\n".join(out) + "\n"


CONTEST_QUIET = ("#if defined(__clang__)\n#if __has_warning(\"-Wmisleading-indentation\")\n"
                 "#define {p}QUIET 1\n#endif\n"
                 "#elif defined(__GNUC__) && __GNUC__ >= 6\n#define {p}QUIET 1\n#endif\n")
CONTEST_QUIET_BEGIN = (CONTEST_QUIET.format(p=CONTEST_PREFIX[1])
                       + "#ifdef %sQUIET\n#pragma GCC diagnostic push\n"
                       "#pragma GCC diagnostic ignored \"-Wmisleading-indentation\"\n#endif\n"
                       % CONTEST_PREFIX[1])
CONTEST_QUIET_END = ("#ifdef {p}QUIET\n#pragma GCC diagnostic pop\n#undef {p}QUIET\n#endif\n"
                     .format(p=CONTEST_PREFIX[1]))

CONTEST_BANNER = """\
/* grundy_contest.h: libgrundy {version}, contest edition ({modules}).
 * GENERATED by {generator} --contest from the library's sources; the manual
 * and the commented code are in single/grundy.h and the repository.
 * Use: #define GRUNDY_STATIC, then #include this file, in the one source file.
 * C99 or later, C++11 or later; nothing but the C library.
{keeps} */
"""
CONTEST_KEEPS = "Keeps the library's algorithms, on one thread with portable scans; {plays}; {engine}."
CONTEST_EVERY_PLAY = "every play"
CONTEST_SOME_PLAYS = ("of heap games, games given by rules and graphs, {plays} play only (the "
                      "others give GRUNDY_ENOTSUP)")
CONTEST_WORD_ENGINE = ("games of 8-byte positions by the library's word engine, with its "
                       "dense memo")
CONTEST_LEAN_ENGINE = ("games of 8-byte positions by the generic engine (--lean: smaller, "
                       "slower)")


def public_functions(folders):
    """The public functions the .c files of folders define, but those a
    contest program has no use for (CONTEST_LEAVES_OUT and the experimental
    calls)."""
    section = EXPERIMENTAL_SECTION.search(read(PUBLIC))
    experimental = set(re.findall(r"^GRUNDY_API [^;(]*?(grundy_\w+)\(",
                                  strip_comments(section.group(1)), re.M)) if section else set()
    out = set()
    for folder in folders:
        for base in sorted(os.listdir(os.path.join(ROOT, SRC, folder))):
            rel = SRC + "/" + folder + "/" + base
            if not base.endswith(".c"):
                continue
            code = code_view(rel, read(rel))
            for _, decl in top_level(rel, code):
                if decl.endswith("}"):
                    name, kind = declared_name(strip_bodies(decl))
                    if kind == "function" and name and re.match(r"grundy_[^_]", name) \
                            and not CONTEST_LEAVES_OUT.match(name) and name not in experimental:
                        out.add(name)
    return out


def contest_modules(names):
    """The folders of a contest edition: core and play, and names (all but
    CONTEST_NOT_BY_DEFAULT when None), in the order of LIBRARY."""
    if names is None:
        names = [f for f in LIBRARY if f not in CONTEST_NOT_BY_DEFAULT]
    for n in names:
        if n not in LIBRARY:
            raise AmalgamationError("--modules: no module %r (the modules are %s)"
                                    % (n, ", ".join(LIBRARY)))
    return [f for f in LIBRARY if f in names or f in CONTEST_ALWAYS]


def contest_roots(folders, calls):
    """The public functions the edition keeps: every one of folders, or
    calls (each a public function of the library: the names a program
    calls, those it needs to create and free its handles included)."""
    every = public_functions(folders)
    if calls is None:
        return every
    known = public_functions(LIBRARY)
    for name in calls:
        if name not in known:
            raise AmalgamationError("--calls: %r is not a public function of the library "
                                    "(progress and experimental calls are not in the "
                                    "contest edition)" % name)
    return set(calls)


def calls_of(path):
    """The public functions a program's source names (its calls), in the
    order of their first use: what --calls-of FILE cuts the edition to."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    known = public_functions(LIBRARY)
    out = []
    for kind, tok in tokens(path, text):
        if kind == "ident" and tok in known and tok not in out:
            out.append(tok)
    if not out:
        raise AmalgamationError("--calls-of: %s calls no public function of the library" % path)
    return out


def resolved_and_shaken(text, fixed, roots, cut):
    """The amalgamation text with the conditions on the fixed macros
    resolved and only what the roots reach kept."""
    lines = resolve_conditions(logical_lines(text), fixed)
    text = "\n".join(l for l in lines if l.strip()) + "\n"
    begin = "#if defined(GRUNDY_STATIC) && !defined(GRUNDY_IMPLEMENTATION)"
    if text.count(begin) != 1:
        fail(GENERATOR, "no start of the implementation to find (%r)" % begin)
    return shake(text, roots, text.index(begin), cut)


def play_switches(plays):
    """The macros fixed for the plays kept: plays None keeps every play, else
    it lists play names (PLAY_NAMES; normal play is always kept).  An
    unknown name stops the generator."""
    if plays is None:
        return dict((m, False) for m in PLAY_SWITCHES.values())
    for p in plays:
        if p not in PLAY_NAMES:
            raise AmalgamationError("--plays: no play %r (the plays are %s)"
                                    % (p, ", ".join(PLAY_NAMES)))
    return dict((m, p not in plays) for p, m in PLAY_SWITCHES.items())


def contest_edition(names=None, calls=None, plays=None, lean=False):
    """The contest edition of the modules names (None: the default ones), or
    cut to calls; plays None keeps every play, True normal play only, else
    a list of play names; lean leaves out the word engine."""
    if not LIBRARY:
        raise LAYERS_ERROR
    if plays is True:
        plays = ["normal"]
    elif plays is False:
        plays = None
    folders = contest_modules(names if calls is None else list(LIBRARY))
    _, version = public_header()
    amalgamated = strip_comments(amalgamate())
    fixed = dict(CONTEST_MACROS, GRUNDY_LEAN=lean, **play_switches(plays))
    roots = contest_roots(folders, calls)
    text = resolved_and_shaken(amalgamated, fixed, roots, calls is not None)
    if (not lean and re.search(r"\bgrundy__word_evaluate\b", text)
            and not re.search(r"\bgrundy_game_new\b", text)):
        fixed["GRUNDY_WORD_GAMES_ONLY"] = True
        text = resolved_and_shaken(amalgamated, fixed, roots, calls is not None)
    begin = "#if defined(GRUNDY_STATIC) && !defined(GRUNDY_IMPLEMENTATION)"
    text = hoist_definitions(text, text.index(begin))
    text = drop_early_prototypes(text, text.index(begin))
    lines = drop_empty_conditions([l for l in text.split("\n") if l.strip()])
    text = minify(short_names("\n".join(lines) + "\n"), CONTEST_WIDTH)
    # Statements set side by side are not misleading indentation.
    first = "#if defined(GRUNDY_IMPLEMENTATION) && !defined(%sIMPLEMENTED)\n" % CONTEST_PREFIX[1]
    last = "#ifdef __cplusplus\n}\n#endif\n#endif\n"
    if text.count(first) != 1 or not text.endswith(last):
        fail(GENERATOR, "the implementation's bounds are not as the contest edition expects")
    text = (text.replace(first, first + CONTEST_QUIET_BEGIN)[:-len(last)]
            + CONTEST_QUIET_END + last)
    shown = [f for f in folders if f not in CONTEST_ALWAYS]
    held = ", ".join(shown) or "core only" if calls is None else "the calls " + ", ".join(
        sorted(calls))
    kept = CONTEST_EVERY_PLAY if plays is None else CONTEST_SOME_PLAYS.format(
        plays=", ".join(p for p in PLAY_NAMES if p == "normal" or p in plays))
    engine = CONTEST_LEAN_ENGINE if lean else CONTEST_WORD_ENGINE
    keeps = textwrap.fill(CONTEST_KEEPS.format(plays=kept, engine=engine), 78,
                          initial_indent=" * ", subsequent_indent=" * ", break_on_hyphens=False)
    return (licence() + CONTEST_BANNER.format(version=version, generator=GENERATOR,
                                              modules=held, keeps=keeps) + text)


def main(argv):
    args = argv[1:]
    contest = False
    modules = None
    calls = None
    plays = None
    lean = False
    calls_file = None
    layers = None
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--contest":
            contest = True
        elif opt.startswith("--modules=") or opt == "--modules" and args:
            value = opt[len("--modules="):] if "=" in opt else args.pop(0)
            modules = [m for m in value.split(",") if m]
        elif opt.startswith("--calls=") or opt == "--calls" and args:
            value = opt[len("--calls="):] if "=" in opt else args.pop(0)
            calls = [c for c in value.split(",") if c]
        elif opt.startswith("--calls-of=") or opt == "--calls-of" and args:
            calls_file = opt[len("--calls-of="):] if "=" in opt else args.pop(0)
        elif opt.startswith("--plays=") or opt == "--plays" and args:
            value = opt[len("--plays="):] if "=" in opt else args.pop(0)
            plays = None if value == "all" else [p for p in value.split(",") if p]
        elif opt == "--lean":
            lean = True
        elif opt.startswith("--layers=") or opt == "--layers" and args:
            layers = opt[len("--layers="):] if "=" in opt else args.pop(0)
        else:
            args = []
            break
    cuts = [c for c in (modules, calls, calls_file) if c is not None]
    if len(args) != 1 or (cuts or plays is not None or lean) and not contest or len(cuts) > 1 \
            or calls == [] or plays == []:
        sys.stderr.write("usage: amalgamate.py [--layers 'L1 L2 ...'] [--contest [--modules M1,M2,... "
                         "| --calls F1,F2,... | --calls-of PROGRAM.c] [--plays P1,P2,...] [--lean]] "
                         "OUTPUT\n")
        return 2
    global LIBRARY
    try:
        if layers is not None:
            LIBRARY = check_layers("--layers", re.split(r"[\s,]+", layers.strip()))
        if calls_file is not None:
            calls = calls_of(calls_file)
        text = contest_edition(modules, calls, plays, lean) if contest else amalgamate(True)
    except (AmalgamationError, OSError) as exc:
        sys.stderr.write("amalgamate.py: %s\n" % exc)
        return 1
    out = args[0]
    tmp = "%s.%d.tmp" % (out, os.getpid())  # two runs at once each write a whole file
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
