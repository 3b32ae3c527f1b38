"""Python binding of libgrundy, through ctypes: no compile step, standard
library only.

    >>> import grundy
    >>> with grundy.Graph() as g:
    ...     first = g.add_nodes(3)
    ...     g.add_move(1, 0); g.add_move(2, 0); g.add_move(2, 1)
    ...     g.values()
    [0, 1, 2]
    >>> grundy.nim_winning_move([3, 8, 15])
    (2, 4)
    >>> grundy.HeapGame("0.77").period(1000)       # Kayles
    (12, 71)

The shared library is looked for, in order:

1. the path in the environment variable ``GRUNDY_LIBRARY`` (when it is set,
   nothing else is tried);
2. the build tree: ``lib/libgrundy.so`` two directories above this file
   (``bindings/python/../../lib``), after ``make``;
3. the system loader: ``ctypes.util.find_library('grundy')``, then
   ``libgrundy.so.0`` (found after ``make install`` through ``ldconfig`` or
   ``LD_LIBRARY_PATH``).

If none loads, importing the module raises :class:`LibraryNotFoundError` (an
``ImportError``) whose message lists what was tried and how to fix it.

Conventions: nodes, heaps and positions are non-negative Python ints;
outcomes are the strings ``'P'`` (the previous player wins), ``'N'`` (the next
player wins) and ``'D'`` (a draw); ways of playing and compounds are named by
strings (``'normal'``, ``'misere'``, ...).  Every failure of the library
raises a :class:`GrundyError` carrying the status code in ``.status``.  The
library's memory is released by its own functions when a handle is closed
(``close()``, a ``with`` block, or garbage collection).  As in C, one handle
must not be used from two threads at once; distinct handles may.
"""

import atexit
import ctypes
import ctypes.util
import operator
import os
import threading
from ctypes import (CFUNCTYPE, POINTER, byref, c_char_p, c_int, c_size_t,
                    c_uint32, c_uint64, c_void_p)

__all__ = [
    "Graph", "HeapGame", "Game",
    "GrundyError", "OutOfMemoryError", "InvalidArgumentError", "CycleError",
    "ParseError", "OutOfRangeError", "TextRangeError", "LimitError",
    "StateError", "CanceledError", "LibraryNotFoundError",
    "nim_sum", "sum_winning_target", "nim_outcome", "nim_winning_move",
    "misere_nim_outcome", "misere_nim_winning_move", "bounded_nim_value",
    "bounded_nim_winning_move", "staircase_nim_outcome",
    "staircase_nim_winning_move", "nim_levels_w", "nim_levels_winning_move",
    "compound_outcome", "nim_mul", "nim_pow", "nim_inv", "strerror", "version",
    "PLAYS", "COMPOUNDS", "SP", "SC", "INF", "NO_MOVE", "GENUS_TERMS", "NODE_MAX",
]

# ---------------------------------------------------------------------------
# Constants of grundy.h

OK, ENOMEM, EINVAL, ECYCLE, EPARSE, ERANGE, ELIMIT, ESTATE, ECANCELED = range(0, -9, -1)

#: w-number of a super-losing position (WTIA play).
SP = 0xFFFFFFFF
#: w-number of a super-winning position (WTIA play).
SC = 0xFFFFFFFE
#: Generalized Sprague-Grundy value "infinity" (loopy play).
INF = 0xFFFFFFFF
#: The raw "this component is not moved" of a compound move (None in Python).
NO_MOVE = 0xFFFFFFFF
#: How many genus terms the library computes per position.
GENUS_TERMS = 12
#: The largest number of nodes a graph may hold.
NODE_MAX = 0x7FFFFFFF

#: Ways of playing a graph, by name (``GRUNDY_PLAY_*``).
PLAYS = {"normal": 0, "misere": 1, "wtia": 2, "remoteness": 3, "suspense": 4,
         "loopy": 5}
#: Compounds of graph positions, by name (``GRUNDY_SUM_*``).
COMPOUNDS = {"disjunctive": 0, "misere": 1, "anti_sg": 2, "wtia": 3,
             "conjunctive": 4, "continued": 5, "selective": 6, "shortened": 7,
             "loopy": 8, "tame": 9}

_OUTCOMES = {0: "P", 1: "N", 2: "D"}
_U32_MAX = (1 << 32) - 1
_U64_MAX = (1 << 64) - 1

# ---------------------------------------------------------------------------
# Exceptions


class GrundyError(Exception):
    """A libgrundy function failed.

    ``status`` is the library's status code (a negative ``GRUNDY_E*``),
    ``strerror`` its description (grundy_strerror()), and ``detail`` what the
    library said about this failure (grundy_graph_errmsg() for graphs: it
    names nodes and lines), or "" when it said nothing more.
    """

    def __init__(self, status, detail=""):
        self.status = status
        self.strerror = strerror(status)
        self.detail = detail
        message = "%s: %s" % (self.strerror, detail) if detail else self.strerror
        super().__init__(message)

    def __reduce__(self):  # pickle (multiprocessing) with the attributes
        return type(self), (self.status, self.detail), self.__dict__


class OutOfMemoryError(GrundyError, MemoryError):
    """GRUNDY_ENOMEM: an allocation failed; the operation had no effect."""


class InvalidArgumentError(GrundyError, ValueError):
    """GRUNDY_EINVAL: an invalid argument, or a graph unfit for the play."""


class CycleError(GrundyError):
    """GRUNDY_ECYCLE: the game has a cycle.  ``node`` is a node on it (for
    graphs; None when the library names none)."""

    node = None


class ParseError(GrundyError, ValueError):
    """GRUNDY_EPARSE: text or a game name could not be read.  ``line`` is the
    line of a graph text (counted from 1), ``position`` the offset of the bad
    character of a heap game's name; None when not applicable."""

    line = None
    position = None


class OutOfRangeError(GrundyError, IndexError):
    """GRUNDY_ERANGE: a node id, move index or value is out of range."""


class TextRangeError(ParseError, OutOfRangeError):
    """GRUNDY_ERANGE from Graph.parse(): the text names a node out of range.
    Both a ParseError (with ``.line``) and an OutOfRangeError."""


class LimitError(GrundyError):
    """GRUNDY_ELIMIT: a count or size exceeds what the library supports."""


class StateError(GrundyError):
    """GRUNDY_ESTATE: the handle is not in a state that permits the call."""


class CanceledError(GrundyError):
    """GRUNDY_ECANCELED: the operation was stopped; it had no effect."""


_ERRORS = {ENOMEM: OutOfMemoryError, EINVAL: InvalidArgumentError,
           ECYCLE: CycleError, EPARSE: ParseError, ERANGE: OutOfRangeError,
           ELIMIT: LimitError, ESTATE: StateError, ECANCELED: CanceledError}


def _error(status, detail=""):
    return _ERRORS.get(status, GrundyError)(status, detail)


class LibraryNotFoundError(ImportError):
    """The shared library libgrundy could not be loaded.  ``tried`` lists
    (place, reason) for every place looked at."""

    def __init__(self, message, tried):
        super().__init__(message)
        self.tried = tried


# ---------------------------------------------------------------------------
# Loading the library

_u32p = POINTER(c_uint32)
_u64p = POINTER(c_uint64)
_sizep = POINTER(c_size_t)
_handlep = POINTER(c_void_p)
_MOVES_U64_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_void_p)

# Every function this module calls: name -> (restype, argtypes).
_SIGNATURES = {
    "grundy_version": (c_char_p, []),
    "grundy_version_number": (c_uint32, []),
    "grundy_strerror": (c_char_p, [c_int]),
    # Sums and Nim
    "grundy_nim_sum": (c_uint64, [_u64p, c_size_t]),
    "grundy_sum_winning_target": (c_int, [_u64p, c_size_t, _sizep, _u64p]),
    "grundy_nim_outcome": (c_int, [_u64p, c_size_t]),
    "grundy_nim_winning_move": (c_int, [_u64p, c_size_t, _sizep, _u64p]),
    "grundy_misere_nim_outcome": (c_int, [_u64p, c_size_t]),
    "grundy_misere_nim_winning_move": (c_int, [_u64p, c_size_t, _sizep, _u64p]),
    "grundy_bounded_nim_value": (c_uint64, [c_uint64, c_uint64]),
    "grundy_bounded_nim_winning_move": (c_int, [_u64p, c_size_t, c_uint64, _sizep, _u64p]),
    "grundy_staircase_nim_outcome": (c_int, [_u64p, c_size_t]),
    "grundy_staircase_nim_winning_move": (c_int, [_u64p, c_size_t, _sizep, _u64p]),
    "grundy_nim_levels_w": (c_int, [_u64p, c_size_t, _u64p]),
    "grundy_nim_levels_winning_move": (c_int, [_u64p, _sizep, c_size_t, _sizep, _u64p]),
    "grundy_compound_outcome": (c_int, [c_int, _u32p, c_size_t]),
    # Game graphs
    "grundy_graph_new": (c_int, [_handlep]),
    "grundy_graph_free": (None, [c_void_p]),
    "grundy_graph_add_node": (c_int, [c_void_p, _u32p]),
    "grundy_graph_add_nodes": (c_int, [c_void_p, c_uint32, _u32p]),
    "grundy_graph_node_count": (c_uint32, [c_void_p]),
    "grundy_graph_move_count": (c_uint64, [c_void_p]),
    "grundy_graph_add_move": (c_int, [c_void_p, c_uint32, c_uint32]),
    "grundy_graph_add_split": (c_int, [c_void_p, c_uint32, _u32p, c_uint32]),
    "grundy_graph_add_moves": (c_int, [c_void_p, c_size_t, _u32p, _u32p]),
    "grundy_graph_solve_play": (c_int, [c_void_p, c_int]),
    "grundy_graph_cycle_node": (c_int, [c_void_p, _u32p]),
    "grundy_graph_errmsg": (c_char_p, [c_void_p]),
    "grundy_graph_errline": (c_size_t, [c_void_p]),
    "grundy_graph_play_value": (c_int, [c_void_p, c_int, c_uint32, _u32p]),
    "grundy_graph_play_values": (_u32p, [c_void_p, c_int]),
    "grundy_graph_play_outcome": (c_int, [c_void_p, c_int, c_uint32]),
    "grundy_graph_degree": (c_int, [c_void_p, c_uint32, _u32p]),
    "grundy_graph_move": (c_int, [c_void_p, c_uint32, c_uint32, POINTER(_u32p), _u32p]),
    "grundy_graph_winning_moves": (c_int, [c_void_p, c_uint32, _u32p, c_size_t, _sizep]),
    "grundy_graph_sum_value": (c_int, [c_void_p, _u32p, c_size_t, _u32p]),
    "grundy_graph_sum_winning_move": (c_int, [c_void_p, _u32p, c_size_t, _sizep, _u32p]),
    "grundy_graph_parse": (c_int, [c_void_p, c_char_p, c_size_t]),
    "grundy_graph_loopy_followers": (c_int, [c_void_p, c_uint32, _u32p, c_size_t, _sizep]),
    "grundy_graph_compound_outcome": (c_int, [c_void_p, c_int, _u32p, c_size_t]),
    "grundy_graph_compound_move": (c_int, [c_void_p, c_int, _u32p, c_size_t, _u32p]),
    "grundy_graph_genus": (c_int, [c_void_p, c_uint32, _u32p, c_size_t, POINTER(c_int)]),
    # Games described by rules
    "grundy_game_new_u64": (c_int, [_handlep, _MOVES_U64_FN, c_void_p, c_void_p]),
    "grundy_game_free": (None, [c_void_p]),
    "grundy_game_set_play": (c_int, [c_void_p, c_int]),
    "grundy_game_set_memory_limit": (None, [c_void_p, c_size_t]),
    "grundy_options_add_u64": (c_int, [c_void_p, _u64p, c_uint32]),
    "grundy_options_add_each_u64": (c_int, [c_void_p, _u64p, c_size_t]),
    "grundy_game_value_u64": (c_int, [c_void_p, c_uint64, _u32p]),
    "grundy_game_outcome": (c_int, [c_void_p, c_void_p]),
    "grundy_game_sum_value": (c_int, [c_void_p, c_void_p, c_size_t, _u32p]),
    "grundy_game_sum_winning_move_u64": (c_int, [c_void_p, _u64p, c_size_t, _sizep, _u64p,
                                                 c_uint32, _u32p]),
    "grundy_game_stats": (None, [c_void_p, _u64p, _u64p]),
    "grundy_game_errmsg": (c_char_p, [c_void_p]),
    # Heap games
    "grundy_heap_game_new": (c_int, [_handlep, c_char_p, c_void_p, _sizep]),
    "grundy_heap_game_parse_error": (c_int, [c_char_p, c_char_p, c_size_t]),
    "grundy_heap_game_new_subtraction": (c_int, [_handlep, _u32p, c_size_t, c_void_p]),
    "grundy_heap_game_free": (None, [c_void_p]),
    "grundy_heap_game_set_period_detection": (None, [c_void_p, c_int]),
    "grundy_heap_game_set_sparse": (None, [c_void_p, c_int]),
    "grundy_heap_game_set_threads": (None, [c_void_p, c_uint32]),
    "grundy_heap_game_compute": (c_int, [c_void_p, c_uint64]),
    "grundy_heap_game_value": (c_int, [c_void_p, c_uint64, _u32p]),
    "grundy_heap_game_period": (c_int, [c_void_p, c_uint64, _u64p, _u64p]),
    "grundy_heap_game_computed": (c_uint64, [c_void_p]),
    "grundy_heap_game_outcome": (c_int, [c_void_p, _u64p, c_size_t]),
    "grundy_heap_game_winning_move": (c_int, [c_void_p, _u64p, c_size_t, _sizep, _u64p,
                                              _u32p]),
    # Nimbers
    "grundy_nimber_new": (c_int, [_handlep, c_void_p]),
    "grundy_nimber_free": (None, [c_void_p]),
    "grundy_nim_mul": (c_uint64, [c_void_p, c_uint64, c_uint64]),
    "grundy_nim_pow": (c_uint64, [c_void_p, c_uint64, c_uint64]),
    "grundy_nim_inv": (c_int, [c_void_p, c_uint64, _u64p]),
}

#: The major version of the ABI this module speaks.
_ABI_MAJOR = 0


def _candidates():
    """(description, argument to CDLL) for every place to look, in order."""
    env = os.environ.get("GRUNDY_LIBRARY")
    if env:
        return [("GRUNDY_LIBRARY=%s" % env, env)], True
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.path.normpath(os.path.join(here, "..", "..", "lib", "libgrundy.so"))
    places = [("build tree %s" % build, build)]
    found = ctypes.util.find_library("grundy")
    if found:
        places.append(("system loader, find_library('grundy') = %s" % found, found))
    else:
        places.append(("system loader, find_library('grundy')", None))
    places.append(("system loader, libgrundy.so.0", "libgrundy.so.0"))
    return places, False


def _bind(lib):
    """Declares every signature; returns the names the library lacks."""
    missing = []
    for name, (restype, argtypes) in _SIGNATURES.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            missing.append(name)
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    return missing


def _load():
    places, from_env = _candidates()
    tried = []
    for desc, target in places:
        if target is None:
            tried.append((desc, "not found"))
            continue
        if os.sep in target and not os.path.exists(target):
            tried.append((desc, "no such file"))
            continue
        try:
            lib = ctypes.CDLL(target)
        except OSError as exc:
            tried.append((desc, str(exc)))
            continue
        missing = _bind(lib)
        if missing:
            tried.append((desc, "not libgrundy or too old: lacks %s" % ", ".join(missing[:3])
                          + (" and %d more" % (len(missing) - 3) if len(missing) > 3 else "")))
            continue
        major = lib.grundy_version_number() // 10000
        if major != _ABI_MAJOR:
            tried.append((desc, "libgrundy %s, but this module needs ABI version %d"
                          % (lib.grundy_version().decode(), _ABI_MAJOR)))
            continue
        return lib, target
    lines = ["cannot load the shared library libgrundy; tried:"]
    lines += ["  - %s: %s" % (desc, why) for desc, why in tried]
    if from_env:
        lines.append("GRUNDY_LIBRARY is set, so no other place was tried.  Set it to the path "
                     "of libgrundy.so (e.g. PREFIX/lib/libgrundy.so.0), or unset it to use the "
                     "build tree or the system's copy.")
    else:
        lines.append("To fix: run `make` in the libgrundy source tree (this module then finds "
                     "lib/libgrundy.so beside it), or `make install PREFIX=...` and let the loader "
                     "find PREFIX/lib (ldconfig or LD_LIBRARY_PATH), or set GRUNDY_LIBRARY to the "
                     "path of libgrundy.so.")
    raise LibraryNotFoundError("\n".join(lines), tried)


#: The library loaded: its path, or the name the system loader was given.
_lib, library_path = _load()


def version():
    """The version of the loaded library, as "MAJOR.MINOR.PATCH"."""
    return _lib.grundy_version().decode()


__version__ = version()


def strerror(status):
    """A short English description of a status code (grundy_strerror())."""
    return _lib.grundy_strerror(status).decode()


# ---------------------------------------------------------------------------
# Argument conversion: ctypes wraps out-of-range integers silently, so every
# integer is checked here first.

def _int(x, what, limit):
    try:
        x = operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (what, type(x).__name__)) from None
    if not 0 <= x <= limit:
        raise ValueError("%s must be in 0..%d, got %d" % (what, limit, x))
    return x


def _node_id(x, what):
    """A node id as the C calls take it; the library checks it against the
    graph, but ids outside 32 bits would wrap, so they are refused here."""
    try:
        x = operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (what, type(x).__name__)) from None
    if not 0 <= x <= _U32_MAX:
        raise OutOfRangeError(ERANGE, "%s %d out of range" % (what, x))
    return x


def _u64(x, what):
    return _int(x, what, _U64_MAX)


def _u64_array(values, what):
    values = [_u64(v, "%s[%d]" % (what, i)) for i, v in enumerate(values)]
    return (c_uint64 * max(len(values), 1))(*values), len(values)


def _outcome(rc):
    return _OUTCOMES[rc]


def _play(play):
    try:
        return PLAYS[play]
    except (KeyError, TypeError):
        raise ValueError("unknown play %r: expected one of %s"
                         % (play, ", ".join(sorted(PLAYS)))) from None


def _compound(compound):
    try:
        return COMPOUNDS[compound]
    except (KeyError, TypeError):
        raise ValueError("unknown compound %r: expected one of %s"
                         % (compound, ", ".join(sorted(COMPOUNDS)))) from None


def _check(rc, detail=""):
    if rc < 0:
        raise _error(rc, detail)
    return rc


# ---------------------------------------------------------------------------
# Sums and Nim: closed forms


def nim_sum(values):
    """The xor of the values: the value of a disjunctive sum."""
    arr, n = _u64_array(values, "values")
    return _lib.grundy_nim_sum(arr, n)


def sum_winning_target(values):
    """The winning move of a sum, by its components' values: (component,
    target value), or None if the xor is 0."""
    arr, n = _u64_array(values, "values")
    comp, target = c_size_t(), c_uint64()
    if _check(_lib.grundy_sum_winning_target(arr, n, byref(comp), byref(target))):
        return comp.value, target.value
    return None


def _heap_outcome(fn, heaps, what="heaps"):
    arr, n = _u64_array(heaps, what)
    return _outcome(_check(fn(arr, n)))


def _heap_move(fn, heaps, *extra, what="heaps"):
    arr, n = _u64_array(heaps, what)
    i, k = c_size_t(), c_uint64()
    if _check(fn(arr, n, *extra, byref(i), byref(k))):
        return i.value, k.value
    return None


def nim_outcome(heaps):
    """'N' or 'P': Nim, normal play (whoever takes the last stone wins)."""
    return _heap_outcome(_lib.grundy_nim_outcome, heaps)


def nim_winning_move(heaps):
    """A winning Nim move as (heap index, stones to take), or None from a
    P-position."""
    return _heap_move(_lib.grundy_nim_winning_move, heaps)


def misere_nim_outcome(heaps):
    """'N' or 'P': misère Nim (whoever takes the last stone loses)."""
    return _heap_outcome(_lib.grundy_misere_nim_outcome, heaps)


def misere_nim_winning_move(heaps):
    """A winning misère Nim move (heap index, take), or None (a P-position,
    or no stones left: the player to move has then already won)."""
    return _heap_move(_lib.grundy_misere_nim_winning_move, heaps)


def bounded_nim_value(heap, max_take):
    """The value of one heap when a move takes 1 to max_take stones."""
    return _lib.grundy_bounded_nim_value(_u64(heap, "heap"), _u64(max_take, "max_take"))


def bounded_nim_winning_move(heaps, max_take):
    """A winning move (heap index, take) in a sum of bounded Nim heaps, or
    None."""
    if _u64(max_take, "max_take") == 0:
        raise ValueError("max_take must be at least 1")
    return _heap_move(_lib.grundy_bounded_nim_winning_move, heaps, max_take)


def staircase_nim_outcome(steps):
    """'N' or 'P': staircase Nim, ``steps[i]`` coins on step i (step 0 is the
    floor)."""
    return _heap_outcome(_lib.grundy_staircase_nim_outcome, steps, what="steps")


def staircase_nim_winning_move(steps):
    """A winning staircase move (step, coins): move that many coins from the
    step to the one below; or None."""
    return _heap_move(_lib.grundy_staircase_nim_winning_move, steps, what="steps")


def nim_levels_w(heaps):
    """The w-number of one super-heap of Nim on levels (heaps from the bottom
    up): an int, or the string 'SC' (super-winning) or 'SP' (super-losing)."""
    arr, n = _u64_array(heaps, "heaps")
    w = c_uint64()
    kind = _check(_lib.grundy_nim_levels_w(arr, n, byref(w)))
    return {0: w.value, 1: "SC", 2: "SP"}[kind]


def nim_levels_winning_move(superheaps):
    """A winning move in Nim on levels (winner takes it all) with the given
    super-heaps (each a list of heaps, bottom first): (super-heap index,
    coins to take from its top non-empty heap), or None."""
    superheaps = [list(s) for s in superheaps]
    flat, _ = _u64_array([h for s in superheaps for h in s], "heaps")
    counts = (c_size_t * max(len(superheaps), 1))(*[len(s) for s in superheaps])
    i, take = c_size_t(), c_uint64()
    if _check(_lib.grundy_nim_levels_winning_move(flat, counts, len(superheaps),
                                                  byref(i), byref(take))):
        return i.value, take.value
    return None


def compound_outcome(numbers, compound="disjunctive"):
    """'P' or 'N': a compound decided by its components' numbers alone
    (normal values for 'disjunctive', 'anti_sg' and 'selective'; w-numbers
    for 'wtia'; remoteness for 'conjunctive' and 'shortened'; suspense
    numbers for 'continued')."""
    code = _compound(compound)
    nums = [_int(v, "numbers[%d]" % i, _U32_MAX) for i, v in enumerate(numbers)]
    arr = (c_uint32 * max(len(nums), 1))(*nums)
    return _outcome(_check(_lib.grundy_compound_outcome(code, arr, len(nums))))


# ---------------------------------------------------------------------------
# Nimbers: one table handle for the module, built at the first product.

_nimber = None
_nimber_lock = threading.Lock()


def _nimber_tables():
    global _nimber
    if _nimber is None:
        with _nimber_lock:
            if _nimber is None:
                h = c_void_p()
                _check(_lib.grundy_nimber_new(byref(h), None))
                _nimber = h
    return _nimber


@atexit.register
def _free_nimber():
    global _nimber
    if _nimber is not None:
        _lib.grundy_nimber_free(_nimber)
        _nimber = None


def nim_mul(a, b):
    """The nim product of two nimbers below 2**64."""
    return _lib.grundy_nim_mul(_nimber_tables(), _u64(a, "a"), _u64(b, "b"))


def nim_pow(a, e):
    """The nim power a**e (a**0 = 1)."""
    return _lib.grundy_nim_pow(_nimber_tables(), _u64(a, "a"), _u64(e, "e"))


def nim_inv(a):
    """The nim inverse of a non-zero nimber; OutOfRangeError for 0."""
    inv = c_uint64()
    rc = _lib.grundy_nim_inv(_nimber_tables(), _u64(a, "a"), byref(inv))
    _check(rc, "0 has no nim inverse" if rc == ERANGE else "")
    return inv.value


# ---------------------------------------------------------------------------
# Game graphs


class _Owner:
    """Owns one library handle, kept in the attribute named by _SLOT, and
    releases it exactly once with the library's own function named by _FREE
    (on close(), at the end of a with block, or when collected)."""

    _SLOT = "_h"
    _FREE = ""

    def close(self):
        """Release the handle's memory with the library's own function.  Idempotent."""
        h = getattr(self, self._SLOT, None)
        setattr(self, self._SLOT, None)
        if h:
            getattr(_lib, self._FREE)(h)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the module may be gone
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Graph(_Owner):
    """A game graph: positions (nodes 0, 1, 2, ... in the order added) and
    moves, each from a node to a sum of zero or more nodes.

    Queries solve the graph for the play they need when it is not solved
    already (solving an unchanged graph again costs nothing), so calling
    solve() first is optional; it is the place to catch a CycleError.
    """

    _SLOT = '_g'
    _FREE = 'grundy_graph_free'

    def __init__(self):
        h = c_void_p()
        _check(_lib.grundy_graph_new(byref(h)))
        self._g = h

    @classmethod
    def parse(cls, text):
        """A graph read from the text format of ``grundy graph`` (``n m``,
        then m moves ``u v``; ``#`` starts a comment).  ``text`` is a str or
        bytes.  Raises ParseError with ``.line`` (a TextRangeError, also an
        OutOfRangeError, when the text names a node out of range)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        g = cls()
        try:
            g._call(_lib.grundy_graph_parse(g._g, data, len(data)))
        except BaseException:
            g.close()
            raise
        return g

    # -- life cycle ---------------------------------------------------------

    @property
    def closed(self):
        """True once close() has released the graph."""
        return not self._g

    def _handle(self):
        if not self._g:
            raise ValueError("operation on a closed Graph")
        return self._g

    def _call(self, rc):
        """Raises for a failed call that may have set the graph's message."""
        if rc >= 0:
            return rc
        g = self._g
        detail = ""
        if rc not in (ENOMEM, ECANCELED):
            detail = _lib.grundy_graph_errmsg(g).decode("utf-8", "replace")
        line = _lib.grundy_graph_errline(g) if rc in (EPARSE, ERANGE) else 0
        err = TextRangeError(rc, detail) if rc == ERANGE and line else _error(rc, detail)
        if rc == ECYCLE:
            node = c_uint32()
            if _lib.grundy_graph_cycle_node(g, byref(node)) == OK:
                err.node = node.value
        elif line:
            err.line = line
        raise err

    def _node(self, u, what="node", n=None):
        """Checks a node id (queries do not describe their errors, so the
        message is made here)."""
        if n is None:
            n = len(self)
        try:
            u = operator.index(u)
        except TypeError:
            raise TypeError("%s must be an integer, not %s" % (what, type(u).__name__)) from None
        if not 0 <= u < n:
            raise OutOfRangeError(ERANGE, "%s %d out of range (n = %d)" % (what, u, n))
        return u

    def _nodes(self, nodes, what="component"):
        n = len(self)
        nodes = [self._node(u, "%s %d: node" % (what, i), n) for i, u in enumerate(nodes)]
        return (c_uint32 * max(len(nodes), 1))(*nodes), len(nodes)

    def __len__(self):
        """The number of nodes."""
        return _lib.grundy_graph_node_count(self._handle())

    @property
    def move_count(self):
        """The number of moves (a split move counts once)."""
        return _lib.grundy_graph_move_count(self._handle())

    def __repr__(self):
        if not self._g:
            return "<grundy.Graph closed>"
        return "<grundy.Graph nodes=%d moves=%d>" % (len(self), self.move_count)

    # -- building -----------------------------------------------------------

    def add_node(self):
        """Add one node; returns its id."""
        out = c_uint32()
        self._call(_lib.grundy_graph_add_node(self._handle(), byref(out)))
        return out.value

    def add_nodes(self, count):
        """Add count nodes with consecutive ids; returns the first id."""
        count = _int(count, "count", _U32_MAX)
        out = c_uint32()
        self._call(_lib.grundy_graph_add_nodes(self._handle(), count, byref(out)))
        return out.value

    def add_move(self, u, v):
        """Add the move u -> v."""
        g = self._handle()
        self._call(_lib.grundy_graph_add_move(g, _node_id(u, "source node"),
                                              _node_id(v, "target node")))

    def add_split(self, u, parts):
        """Add a move from u to the sum of the nodes in parts (one part: an
        ordinary move; none: the finished position)."""
        g = self._handle()
        parts = [_node_id(p, "part %d: node" % i) for i, p in enumerate(parts)]
        arr = (c_uint32 * len(parts))(*parts) if parts else None
        self._call(_lib.grundy_graph_add_split(g, _node_id(u, "source node"), arr, len(parts)))

    def add_moves(self, pairs):
        """Add the ordinary moves (u, v) of an edge list at once; nothing is
        added if any is bad."""
        g = self._handle()
        pairs = list(pairs)
        frm = (c_uint32 * max(len(pairs), 1))()
        to = (c_uint32 * max(len(pairs), 1))()
        for i, (u, v) in enumerate(pairs):
            frm[i] = _node_id(u, "move %d: source node" % i)
            to[i] = _node_id(v, "move %d: target node" % i)
        self._call(_lib.grundy_graph_add_moves(g, len(pairs), frm, to))

    # -- solving and values -------------------------------------------------

    def solve(self, play="normal"):
        """Compute the numbers of play for every node: 'normal'
        (Sprague-Grundy values), 'misere', 'wtia' (w-numbers), 'remoteness',
        'suspense', or 'loopy' (generalized values; cycles allowed).
        Raises CycleError (with .node) on a cycle for the acyclic plays.
        Returns the graph."""
        self._call(_lib.grundy_graph_solve_play(self._handle(), _play(play)))
        return self

    def values(self, play="normal"):
        """The numbers of play of every node, as a list (SP, SC and INF are
        the module's constants)."""
        code = _play(play)
        g = self._handle()
        self._call(_lib.grundy_graph_solve_play(g, code))
        ptr = _lib.grundy_graph_play_values(g, code)
        n = _lib.grundy_graph_node_count(g)
        return ptr[:n] if n else []

    def value(self, u, play="normal"):
        """The number of node u under play."""
        code = _play(play)
        g = self._handle()
        u = self._node(u)
        self._call(_lib.grundy_graph_solve_play(g, code))
        out = c_uint32()
        _check(_lib.grundy_graph_play_value(g, code, u, byref(out)))
        return out.value

    def outcome(self, u, play="normal"):
        """'P', 'N' or 'D' (a draw, loopy play only) for node u alone."""
        code = _play(play)
        g = self._handle()
        u = self._node(u)
        self._call(_lib.grundy_graph_solve_play(g, code))
        return _outcome(_check(_lib.grundy_graph_play_outcome(g, code, u)))

    def _after_solve(self, call):
        """degree() and move() need a solve of any play since the last change
        (a solve that found a cycle counts): solve only if the call says so."""
        rc = call()
        if rc == ESTATE:
            rc = _lib.grundy_graph_solve_play(self._g, PLAYS["normal"])
            if rc not in (OK, ECYCLE):
                self._call(rc)
            rc = call()
        return rc

    def degree(self, u):
        """The number of moves from node u."""
        g = self._handle()
        u = self._node(u)
        out = c_uint32()
        _check(self._after_solve(lambda: _lib.grundy_graph_degree(g, u, byref(out))))
        return out.value

    def move(self, u, k):
        """The parts of move k of node u (moves counted from 0 in the order
        added), as a tuple of nodes: one for an ordinary move."""
        g = self._handle()
        u = self._node(u)
        k = _int(k, "move index", _U32_MAX)
        parts, nparts = _u32p(), c_uint32()
        rc = self._after_solve(lambda: _lib.grundy_graph_move(g, u, k, byref(parts),
                                                              byref(nparts)))
        if rc == ERANGE:
            raise OutOfRangeError(rc, "node %d has no move %d (degree %d)"
                                  % (u, k, self.degree(u)))
        _check(rc)
        return tuple(parts[:nparts.value]) if nparts.value else ()

    def moves(self, u):
        """Every move of node u, as a list of part tuples."""
        return [self.move(u, k) for k in range(self.degree(u))]

    def winning_moves(self, u):
        """The winning moves of node u under normal play (those leading to
        value 0), as move indices in increasing order."""
        u = self._node(u)
        g = self._handle()
        self._call(_lib.grundy_graph_solve_play(g, PLAYS["normal"]))
        count = c_size_t()
        _check(_lib.grundy_graph_winning_moves(g, u, None, 0, byref(count)))
        if count.value == 0:
            return []
        arr = (c_uint32 * count.value)()
        _check(_lib.grundy_graph_winning_moves(g, u, arr, count.value, byref(count)))
        return list(arr)

    def sum_value(self, nodes):
        """The value of the disjunctive sum of nodes (the xor of theirs)."""
        arr, n = self._nodes(nodes)
        g = self._handle()
        self._call(_lib.grundy_graph_solve_play(g, PLAYS["normal"]))
        out = c_uint32()
        _check(_lib.grundy_graph_sum_value(g, arr, n, byref(out)))
        return out.value

    def sum_winning_move(self, nodes):
        """A winning move in the disjunctive sum of nodes: (component index,
        move index of that component's node), or None."""
        arr, n = self._nodes(nodes)
        g = self._handle()
        self._call(_lib.grundy_graph_solve_play(g, PLAYS["normal"]))
        comp, move = c_size_t(), c_uint32()
        if _check(_lib.grundy_graph_sum_winning_move(g, arr, n, byref(comp), byref(move))):
            return comp.value, move.value
        return None

    # -- compounds, loopy play, genus ---------------------------------------

    def compound_outcome(self, nodes, compound="disjunctive"):
        """'P', 'N' or 'D' for the compound of the positions nodes: one of
        'disjunctive', 'misere', 'anti_sg', 'wtia', 'conjunctive',
        'continued', 'selective', 'shortened', 'loopy', 'tame'."""
        code = _compound(compound)
        arr, n = self._nodes(nodes)
        return _outcome(self._call(
            _lib.grundy_graph_compound_outcome(self._handle(), code, arr, n)))

    def compound_move(self, nodes, compound="disjunctive"):
        """A winning move in the compound: a list with, for each component,
        the move index to play there or None where it is not moved; None if
        there is no such move (a P-position)."""
        code = _compound(compound)
        arr, n = self._nodes(nodes)
        out = (c_uint32 * max(n, 1))()
        if self._call(_lib.grundy_graph_compound_move(self._handle(), code, arr, n, out)):
            return [None if m == NO_MOVE else m for m in out[:n]]
        return None

    def loopy_followers(self, u):
        """The distinct finite loopy values of u's followers, increasing (what
        ``inf{...}`` lists)."""
        u = self._node(u)
        g = self._handle()
        self._call(_lib.grundy_graph_solve_play(g, PLAYS["loopy"]))
        count = c_size_t()
        _check(_lib.grundy_graph_loopy_followers(g, u, None, 0, byref(count)))
        if count.value == 0:
            return []
        arr = (c_uint32 * count.value)()
        _check(_lib.grundy_graph_loopy_followers(g, u, arr, count.value, byref(count)))
        return list(arr)

    def genus(self, u):
        """Conway's genus symbol of node u: (terms, tame), with terms the list
        gamma_0, gamma_1, ... of GENUS_TERMS misère values and tame a bool."""
        u = self._node(u)
        gamma = (c_uint32 * GENUS_TERMS)()
        tame = c_int()
        self._call(_lib.grundy_graph_genus(self._handle(), u, gamma, GENUS_TERMS, byref(tame)))
        return list(gamma), bool(tame.value)


# ---------------------------------------------------------------------------
# Heap games


class HeapGame(_Owner):
    """A heap game by name: an octal or hexadecimal code ('0.77' is Kayles,
    '0.07' Dawson's Kayles), 'sub:1,2,5' (a subtraction game), 'grundy'
    (Grundy's game) or 'lasker' (Lasker's Nim).  Values are computed once and
    kept; periods are claimed only when proved (Guy-Smith)."""

    _SLOT = '_h'
    _FREE = 'grundy_heap_game_free'

    def __init__(self, name, period_detection=True, sparse=True, threads=1):
        if not isinstance(name, str):
            raise TypeError("name must be a str, not %s" % type(name).__name__)
        if "\0" in name:
            raise ValueError("name contains a NUL character")
        self._h = None
        raw = name.encode("utf-8")
        h, pos = c_void_p(), c_size_t()
        rc = _lib.grundy_heap_game_new(byref(h), raw, None, byref(pos))
        if rc in (EPARSE, ELIMIT):
            buf = ctypes.create_string_buffer(256)
            _lib.grundy_heap_game_parse_error(raw, buf, len(buf))
            err = _error(rc, "game %r: %s" % (name, buf.value.decode("utf-8", "replace")))
            if rc == EPARSE:
                err.position = pos.value
            raise err
        _check(rc)
        self._init(h, name, period_detection, sparse, threads)

    def _init(self, h, name, period_detection, sparse, threads):
        self._h = h
        self.name = name
        _lib.grundy_heap_game_set_period_detection(h, 1 if period_detection else 0)
        _lib.grundy_heap_game_set_sparse(h, 1 if sparse else 0)
        # Two lanes on two threads where that pays (measured as it goes);
        # the values are the same as one thread's.
        _lib.grundy_heap_game_set_threads(h, _int(threads, "threads", _U32_MAX))

    @classmethod
    def subtraction(cls, takes, period_detection=True, sparse=True, threads=1):
        """The subtraction game removing any amount in takes (each 1..2**20)."""
        takes = [_int(t, "takes[%d]" % i, _U32_MAX) for i, t in enumerate(takes)]
        arr = (c_uint32 * max(len(takes), 1))(*takes)
        h = c_void_p()
        rc = _lib.grundy_heap_game_new_subtraction(byref(h), arr, len(takes), None)
        if rc == EINVAL:
            raise _error(rc, "a subtraction set needs at least one amount, each at least 1")
        _check(rc)
        self = cls.__new__(cls)
        self._init(h, "sub:" + ",".join(str(t) for t in takes), period_detection, sparse,
                   threads)
        return self

    def __repr__(self):
        return "<grundy.HeapGame %r%s>" % (getattr(self, "name", "?"),
                                           "" if self._h else " closed")

    def _handle(self):
        if not self._h:
            raise ValueError("operation on a closed HeapGame")
        return self._h

    @property
    def computed(self):
        """How many values are stored."""
        return _lib.grundy_heap_game_computed(self._handle())

    def compute(self, count):
        """Make G(0) .. G(count - 1) available."""
        _check(_lib.grundy_heap_game_compute(self._handle(), _u64(count, "count")))

    def value(self, heap):
        """G(heap): from the table, or from the period once one is proved."""
        out = c_uint32()
        _check(_lib.grundy_heap_game_value(self._handle(), _u64(heap, "heap"), byref(out)))
        return out.value

    def values(self, n):
        """[G(0), ..., G(n - 1)]."""
        self.compute(n)
        h = self._handle()
        out = c_uint32()
        values = []
        for heap in range(n):
            _check(_lib.grundy_heap_game_value(h, heap, byref(out)))
            values.append(out.value)
        return values

    def period(self, max=100000):
        """(period, preperiod) if a period is proved within max values, else
        None."""
        p, n0 = c_uint64(), c_uint64()
        if _check(_lib.grundy_heap_game_period(self._handle(), _u64(max, "max"),
                                               byref(p), byref(n0))):
            return p.value, n0.value
        return None

    def outcome(self, heaps):
        """'N' or 'P' for the sum of heaps."""
        arr, n = _u64_array(heaps, "heaps")
        return _outcome(_check(_lib.grundy_heap_game_outcome(self._handle(), arr, n)))

    def winning_move(self, heaps):
        """A winning move in the sum of heaps: (heap index, tuple of the heaps
        the move leaves of it, 0 to 3), or None from a P-position."""
        arr, n = _u64_array(heaps, "heaps")
        i, left, nleft = c_size_t(), (c_uint64 * 3)(), c_uint32()
        if _check(_lib.grundy_heap_game_winning_move(self._handle(), arr, n, byref(i), left,
                                                     byref(nleft))):
            return i.value, tuple(left[:nleft.value])
        return None


# ---------------------------------------------------------------------------
# Games described by rules, through a Python move generator


def _generator(moves, pending):
    """The C move generator calling the Python one.  An exception cannot
    cross the C frames: it is kept in pending, and the evaluation stopped."""
    def add_run(out, run):
        """The single-position options in run, in one call (a call costs far
        more from Python than the adding does)."""
        if not run:
            return OK
        rc = _lib.grundy_options_add_each_u64(out, (c_uint64 * len(run))(*run), len(run))
        del run[:]
        return rc

    def generate(user, pos, out):
        try:
            run = []
            for opt in moves(pos):
                if not isinstance(opt, (tuple, list)):
                    run.append(_u64(opt, "an option of %d" % pos))
                    continue
                # A sum: the options before it go first, keeping their order.
                parts = [_u64(p, "a part of an option of %d" % pos) for p in opt]
                rc = add_run(out, run)
                if rc == OK:
                    arr = (c_uint64 * len(parts))(*parts) if parts else None
                    rc = _lib.grundy_options_add_u64(out, arr, len(parts))
                if rc != OK:
                    return rc
            return add_run(out, run)
        except BaseException as exc:  # re-raised when the library returns
            pending.append(exc)
            return ECANCELED
    return generate


class Game(_Owner):
    """A game given by a move generator over non-negative int positions
    (below 2**64), memoized by the library.

    ``moves(pos)`` returns (or yields) the options of pos: each an int (a
    move to that position), or a tuple/list of ints (a move to the sum of
    those positions; ``()`` is the finished game).  An exception raised by
    ``moves`` stops the evaluation and propagates.  ``play`` is 'normal',
    'misere', 'wtia', 'remoteness' or 'suspense' (value() then gives that
    play's numbers).  ``memory_limit`` caps the memo table in bytes (0: no cap;
    past it, LimitError).  ``moves`` must not use the game itself: it runs
    inside the library's evaluation (a call that evaluates raises
    StateError)."""

    _SLOT = '_h'
    _FREE = 'grundy_game_free'

    def __init__(self, moves, play="normal", memory_limit=0):
        if not callable(moves):
            raise TypeError("moves must be callable")
        self._h = None
        self._moves = moves
        self._pending = []  # an exception raised by moves, to re-raise
        # Kept on the object: the library calls it as long as the game lives.
        # It refers to moves and _pending, not to self, so that no reference
        # cycle delays the game's release.
        self._callback = _MOVES_U64_FN(_generator(moves, self._pending))
        h = c_void_p()
        _check(_lib.grundy_game_new_u64(byref(h), self._callback, None, None))
        self._h = h
        code = _play(play)
        if code == PLAYS["loopy"]:
            self.close()
            raise ValueError("the loopy play is for graphs")
        try:
            self._call(_lib.grundy_game_set_play(h, code))
        except BaseException:
            self.close()
            raise
        _lib.grundy_game_set_memory_limit(h, _int(memory_limit, "memory_limit",
                                                  (1 << (8 * ctypes.sizeof(c_size_t))) - 1))

    def _call(self, rc):
        if self._pending:
            exc = self._pending.pop()
            self._pending.clear()
            raise exc
        if rc >= 0:
            return rc
        detail = ""
        if rc not in (ENOMEM, ECANCELED):
            detail = _lib.grundy_game_errmsg(self._h).decode("utf-8", "replace")
        raise _error(rc, detail)

    def _handle(self):
        if not self._h:
            raise ValueError("operation on a closed Game")
        return self._h

    def value(self, pos):
        """The value of pos under the game's play (Sprague-Grundy value for
        normal play)."""
        out = c_uint32()
        h = self._handle()
        self._call(_lib.grundy_game_value_u64(h, _u64(pos, "pos"), byref(out)))
        return out.value

    def outcome(self, pos):
        """'P' or 'N' for pos under the game's play."""
        h = self._handle()
        p = c_uint64(_u64(pos, "pos"))
        return _outcome(self._call(_lib.grundy_game_outcome(h, byref(p))))

    def sum_value(self, positions):
        """The value of the sum of positions (normal play)."""
        arr, n = _u64_array(positions, "positions")
        out = c_uint32()
        self._call(_lib.grundy_game_sum_value(self._handle(), arr, n, byref(out)))
        return out.value

    def winning_move(self, positions):
        """A winning move in the sum of positions (an int means one position):
        (component index, tuple of the parts of the option to move to), or
        None from a P-position."""
        if not isinstance(positions, (list, tuple)):
            positions = [positions]
        arr, n = _u64_array(positions, "positions")
        h = self._handle()
        comp, nparts = c_size_t(), c_uint32()
        cap = 8
        while True:
            parts = (c_uint64 * cap)()
            found = self._call(_lib.grundy_game_sum_winning_move_u64(
                h, arr, n, byref(comp), parts, cap, byref(nparts)))
            if not found:
                return None
            if nparts.value <= cap:
                return comp.value, tuple(parts[:nparts.value])
            cap = nparts.value

    def stats(self):
        """(positions stored, bytes held by the memo table)."""
        positions, nbytes = c_uint64(), c_uint64()
        _lib.grundy_game_stats(self._handle(), byref(positions), byref(nbytes))
        return positions.value, nbytes.value
