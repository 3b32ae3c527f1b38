# SPDX-License-Identifier: MIT
"""Python binding of libgrundy, through ctypes: no compile step, standard
library only.

    >>> import grundy
    >>> with grundy.Graph() as g:
    ...     first = g.add_nodes(3)
    ...     g.add_move(1, 0); g.add_move(2, 0); g.add_move(2, 1)
    ...     g.values().tolist()
    [0, 1, 2]
    >>> grundy.nim_sum_winning_move([3, 8, 15])
    [None, None, 4]
    >>> grundy.HeapGame("0.77").period(1000)       # Kayles
    (12, 71)

The shared library is looked for, in order:

1. the path in the environment variable ``GRUNDY_LIBRARY`` (when it is set,
   nothing else is tried);
2. the package's own copy, beside this file, which ``pip install`` puts
   there, or the library ``make install`` installed with the package;
3. the build tree: ``lib/libgrundy.so`` two directories above this package
   (``bindings/python/../../lib``), after ``make``;
4. the system loader: ``ctypes.util.find_library('grundy')``, then
   ``libgrundy.so.0.2`` (found after ``make install`` through ``ldconfig`` or
   ``LD_LIBRARY_PATH``).

If none loads, importing the module raises :class:`LibraryNotFoundError` (an
``ImportError``) whose message lists what was tried and how to fix it.

One vocabulary, as in C (grundy.h): every kind of handle -- :class:`HeapGame`
(a position is a heap size), :class:`Game` (an int position of a game given by
a Python move generator) and :class:`Graph` (a node) -- answers the same
questions with methods of the same name:

=====================================  ========================================
``value(pos, play)``                   the number of one position
``outcome(pos, play)``                 'P', 'N' or 'D' for one position
``sum_value(positions, play)``         the number of a sum (normal play)
``sum_outcome(positions, play)``       the outcome of a sum
``sum_winning_move(positions, play)``  one entry per component: the move
                                       index to play there, or None; None if
                                       the sum has no winning move
``sum_winning_moves(positions, play)`` every winning move, as (component,
                                       move) pairs
``degree(pos)``                        how many moves pos has
``move(pos, k)``                       what move k of pos leaves: a tuple of
                                       positions
=====================================  ========================================

A move is always named by its index k in the position's list of moves, from
0.  The closed forms for Nim and its relatives (``nim_sum_value``,
``nim_sum_outcome``, ...) follow the same names and shapes, with the number
of tokens taken as the move.

Conventions: nodes, heaps and positions are non-negative Python ints;
outcomes are the strings ``'P'`` (the previous player wins), ``'N'`` (the next
player wins) and ``'D'`` (a draw).  A way of playing (*play*) is one of the
``PLAY_*`` constants, for a misère sum optionally or'ed with a method
(``PLAY_MISERE | BY_SJ``, ``BY_GENUS``, ``BY_SEARCH``), or its name, a key
of :data:`PLAYS` (``'normal'``, ``'misere'``, ``'wtia'``, ...).  Every
failure of the library raises a :class:`GrundyError` carrying the status code
in ``.status`` and the handle's message.  The library's memory is released by
its own functions when a handle is closed (``close()``, a ``with`` block, or
garbage collection).  Bulk results (``values()``) are ``array.array``\ s of
unsigned 32-bit ints, which numpy reads without a copy; the draws and
w-numbers of value() are the named constants INF, SP and SC.

Safety: no call through this module can crash the interpreter.  A handle may
be shared between threads: its calls take turns (each holds the handle's
lock).  close() from inside the handle's own call (a move generator) raises
StateError.  Ctrl-C stops a long computation within a fraction of a second
with KeyboardInterrupt, and leaves the handle usable; a SIGINT handler of
the program's own runs during the call, which it stops only if it raises.
Every handle has a memory cap (default_memory_limit(), or
``memory_limit=``), past which it raises at once instead of exhausting the
machine's memory.
"""

import array
import atexit
import ctypes
import ctypes.util
import functools
import operator
import os
import re
import signal
import threading
from ctypes import (CFUNCTYPE, POINTER, byref, c_char_p, c_int, c_size_t,
                    c_uint, c_uint32, c_uint64, c_void_p)

__all__ = [
    "Quotient",
    "Graph", "HeapGame", "Game",
    "GrundyError", "OutOfMemoryError", "InvalidArgumentError", "CycleError",
    "ParseError", "OutOfRangeError", "TextRangeError", "LimitError",
    "StateError", "CanceledError", "NotSupportedError", "LibraryNotFoundError",
    "nim_sum_value", "nim_sum_outcome", "nim_sum_winning_move", "nim_sum_winning_moves",
    "bounded_nim_value", "bounded_nim_sum_outcome", "bounded_nim_sum_winning_move",
    "staircase_nim_outcome", "staircase_nim_winning_move",
    "nim_levels_value", "nim_levels_sum_outcome", "nim_levels_sum_winning_move",
    "numbers_sum_outcome", "nim_mul", "nim_pow", "nim_inv", "strerror", "version",
    "PLAY_NORMAL", "PLAY_MISERE", "PLAY_WTIA", "PLAY_CONJUNCTIVE", "PLAY_CONTINUED",
    "PLAY_LOOPY", "PLAY_SELECTIVE", "PLAY_SHORTENED", "BY_SJ", "BY_GENUS", "BY_SEARCH",
    "BY_MASK", "PLAYS", "SP", "SC", "SP64", "SC64", "INF", "NO_MOVE", "NO_POS",
    "GENUS_TERMS", "NODE_MAX", "Constant", "VALUES_TYPECODE", "default_memory_limit",
]

# ---------------------------------------------------------------------------
# Constants of grundy.h

OK, ENOMEM, EINVAL, ECYCLE, EPARSE, ERANGE, ELIMIT, ESTATE, ECANCELED, ENOTSUP = \
    range(0, -10, -1)

#: Normal play: disjunctive sums, the last player to move wins (Sprague-Grundy values).
PLAY_NORMAL = 0
#: Misère play: disjunctive sums, the last player to move loses.
PLAY_MISERE = 1
#: "Winner takes it all" (diminished disjunctive compound): w-numbers.
PLAY_WTIA = 2
#: Conjunctive compound: remoteness.
PLAY_CONJUNCTIVE = 3
#: Continued conjunctive compound (Every-SG): suspense numbers.
PLAY_CONTINUED = 4
#: Disjunctive sums of games with cycles: generalized Sprague-Grundy values.
PLAY_LOOPY = 5
#: Selective compound: Sprague-Grundy values.
PLAY_SELECTIVE = 6
#: Shortened selective compound: remoteness.
PLAY_SHORTENED = 7
#: Misère sums: require the SJ theorem (Anti-SG): ``PLAY_MISERE | BY_SJ``.
BY_SJ = 0x100
#: Misère sums: require genus symbols (every component tame).
BY_GENUS = 0x200
#: Misère sums: require the memoized search of the sum.
BY_SEARCH = 0x300
#: The bits of a play that name a method.
BY_MASK = 0xF00


class Constant(int):
    """A number of the library with a name: equal to (and usable as) its
    raw int, shown by name (``grundy.INF``), pickled by name.  INF, SP, SC,
    SP64 and SC64 are Constants, and value() returns them for draws and
    w-numbers."""

    def __new__(cls, value, name):
        self = super().__new__(cls, value)
        self.name = name
        return self

    def __repr__(self):
        return "grundy." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return _constant, (self.name,)


def _constant(name):
    return globals()[name]


#: w-number of a super-losing position (WTIA play); equal to 0xFFFFFFFF.
SP = Constant(0xFFFFFFFF, "SP")
#: w-number of a super-winning position (WTIA play); equal to 0xFFFFFFFE.
SC = Constant(0xFFFFFFFE, "SC")
#: SP as a 64-bit w-number (nim_levels_value()).
SP64 = Constant((1 << 64) - 1, "SP64")
#: SC as a 64-bit w-number (nim_levels_value()).
SC64 = Constant((1 << 64) - 2, "SC64")
#: Generalized Sprague-Grundy value "infinity" of loopy play: a position
#: whose value() is INF is a draw, unless one of its followers has value 0
#: (then the player to move wins; outcome() says 'D' or 'N').  Equal to
#: 0xFFFFFFFF, the raw number the value arrays hold.
INF = Constant(0xFFFFFFFF, "INF")
#: The raw "this component is not moved" of a winning move (None in Python).
NO_MOVE = (1 << 64) - 1
#: The raw "not about a place in a text" of an errpos call (None in Python).
NO_POS = (1 << (8 * ctypes.sizeof(c_size_t))) - 1
#: How many genus terms the library computes per position.
GENUS_TERMS = 12
#: The largest number of nodes a graph may hold.
NODE_MAX = 0x7FFFFFFF

#: Ways of playing by name: the PLAY_* constants, and the names of 0.1
#: ('remoteness', 'suspense', and the compounds 'disjunctive', 'anti_sg',
#: 'tame'), which name the same plays.
PLAYS = {"normal": PLAY_NORMAL, "misere": PLAY_MISERE, "wtia": PLAY_WTIA,
         "conjunctive": PLAY_CONJUNCTIVE, "continued": PLAY_CONTINUED,
         "loopy": PLAY_LOOPY, "selective": PLAY_SELECTIVE, "shortened": PLAY_SHORTENED,
         # 0.1 names
         "remoteness": PLAY_CONJUNCTIVE, "suspense": PLAY_CONTINUED,
         "disjunctive": PLAY_NORMAL, "anti_sg": PLAY_MISERE | BY_SJ,
         "tame": PLAY_MISERE | BY_GENUS}

_PLAY_NAMES = {PLAY_NORMAL: "normal", PLAY_MISERE: "misere", PLAY_WTIA: "wtia",
               PLAY_CONJUNCTIVE: "conjunctive", PLAY_CONTINUED: "continued",
               PLAY_LOOPY: "loopy", PLAY_SELECTIVE: "selective", PLAY_SHORTENED: "shortened"}
_METHOD_NAMES = {0: "", BY_SJ: " | BY_SJ", BY_GENUS: " | BY_GENUS", BY_SEARCH: " | BY_SEARCH"}

_OUTCOMES = {0: "P", 1: "N", 2: "D"}
_U32_MAX = (1 << 32) - 1
_U64_MAX = (1 << 64) - 1
_SIZE_MAX = NO_POS

# ---------------------------------------------------------------------------
# Exceptions


class GrundyError(Exception):
    """A libgrundy function failed.

    ``status`` is the library's status code (a negative ``GRUNDY_E*``),
    ``strerror`` its description (grundy_strerror()), and ``detail`` what the
    library said about this failure (the handle's errmsg: it names nodes,
    lines and offsets), or "" when it said nothing more.  ``errpos`` is the
    byte offset in a text or name that the failure is about (from
    Graph.parse() and HeapGame()), else None.
    """

    errpos = None

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
    """GRUNDY_EINVAL: an invalid argument, a graph or game unfit for the play,
    or a required misère method whose precondition fails."""


class CycleError(GrundyError):
    """GRUNDY_ECYCLE: the game has a cycle.  ``node`` is a node on it (for
    graphs; None when the library names none)."""

    node = None


class ParseError(GrundyError, ValueError):
    """GRUNDY_EPARSE: text or a game name could not be read.  ``errpos`` is
    the byte offset of the offending character or token (from 0; the message
    says what is wrong there), ``position`` the same offset (its 0.1 name),
    and ``line`` the line of a graph text it falls on (from 1, None for a
    heap game's name)."""

    line = None
    position = None


class OutOfRangeError(GrundyError, IndexError):
    """GRUNDY_ERANGE: a node id, move index or value is out of range."""


class TextRangeError(ParseError, OutOfRangeError):
    """GRUNDY_ERANGE from Graph.parse(): the text names a node out of range.
    Both a ParseError (with ``.errpos`` and ``.line``) and an OutOfRangeError."""


class LimitError(GrundyError):
    """GRUNDY_ELIMIT: a count or size exceeds what the library supports, or
    the memory limit."""


class StateError(GrundyError):
    """GRUNDY_ESTATE: the handle is not in a state that permits the call."""


class CanceledError(GrundyError):
    """GRUNDY_ECANCELED: the operation was stopped; it had no effect."""


class NotSupportedError(GrundyError):
    """GRUNDY_ENOTSUP: this kind of handle (or closed form) does not offer
    this way of playing or method; the message says which would."""


_ERRORS = {ENOMEM: OutOfMemoryError, EINVAL: InvalidArgumentError,
           ECYCLE: CycleError, EPARSE: ParseError, ERANGE: OutOfRangeError,
           ELIMIT: LimitError, ESTATE: StateError, ECANCELED: CanceledError,
           ENOTSUP: NotSupportedError}


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
_PROGRESS_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_uint64)

# Every function this module calls: name -> (restype, argtypes).
_SIGNATURES = {
    "grundy_version": (c_char_p, []),
    "grundy_version_number": (c_uint32, []),
    "grundy_strerror": (c_char_p, [c_int]),
    "grundy_numbers_sum_outcome": (c_int, [c_int, _u32p, c_size_t]),
    # Nim and its relatives
    "grundy_nim_sum_value": (c_int, [c_int, _u64p, c_size_t, _u64p]),
    "grundy_nim_sum_outcome": (c_int, [c_int, _u64p, c_size_t]),
    "grundy_nim_sum_winning_move": (c_int, [c_int, _u64p, c_size_t, _u64p]),
    "grundy_nim_sum_winning_moves": (c_int, [c_int, _u64p, c_size_t, _sizep, _u64p,
                                             c_size_t, _sizep]),
    "grundy_bounded_nim_value": (c_int, [c_uint64, c_int, c_uint64, _u64p]),
    "grundy_bounded_nim_sum_outcome": (c_int, [c_uint64, c_int, _u64p, c_size_t]),
    "grundy_bounded_nim_sum_winning_move": (c_int, [c_uint64, c_int, _u64p, c_size_t, _u64p]),
    "grundy_staircase_nim_outcome": (c_int, [c_int, _u64p, c_size_t]),
    "grundy_staircase_nim_winning_move": (c_int, [c_int, _u64p, c_size_t, _u64p]),
    "grundy_nim_levels_value": (c_int, [c_int, _u64p, c_size_t, _u64p]),
    "grundy_nim_levels_sum_outcome": (c_int, [c_int, _u64p, _sizep, c_size_t]),
    "grundy_nim_levels_sum_winning_move": (c_int, [c_int, _u64p, _sizep, c_size_t, _u64p]),
    # Heap games
    "grundy_heap_game_new": (c_int, [_handlep, c_void_p]),
    "grundy_heap_game_free": (None, [c_void_p]),
    "grundy_heap_game_parse": (c_int, [c_void_p, c_char_p, c_size_t]),
    "grundy_heap_game_set_subtraction": (c_int, [c_void_p, _u32p, c_size_t]),
    "grundy_heap_game_errmsg": (c_char_p, [c_void_p]),
    "grundy_heap_game_errpos": (c_size_t, [c_void_p]),
    "grundy_heap_game_compute": (c_int, [c_void_p, c_uint64]),
    "grundy_heap_game_computed": (c_uint64, [c_void_p]),
    "grundy_heap_game_period": (c_int, [c_void_p, c_uint64, _u64p, _u64p]),
    "grundy_heap_game_arithmetic_period": (c_int, [c_void_p, c_uint64, _u64p, _u64p, _u64p,
                                                   POINTER(c_int)]),
    "grundy_heap_game_set_memory_limit": (None, [c_void_p, c_size_t]),
    "grundy_heap_game_set_progress": (None, [c_void_p, _PROGRESS_FN, c_void_p]),
    "grundy_heap_game_set_search_limit": (None, [c_void_p, c_uint64]),
    "grundy_heap_game_last_method": (c_int, [c_void_p]),
    "grundy_heap_game_genus": (c_int, [c_void_p, c_uint64, _u32p, c_size_t, POINTER(c_int)]),
    "grundy_heap_game_tame": (c_int, [c_void_p, c_uint64]),
    "grundy_heap_game_value": (c_int, [c_void_p, c_int, c_uint64, _u32p]),
    "grundy_heap_game_value64": (c_int, [c_void_p, c_int, c_uint64, _u64p]),
    "grundy_heap_game_values": (c_int, [c_void_p, c_int, c_uint64, c_size_t, _u32p]),
    "grundy_heap_game_outcome": (c_int, [c_void_p, c_int, c_uint64]),
    "grundy_heap_game_sum_value": (c_int, [c_void_p, c_int, _u64p, c_size_t, _u32p]),
    "grundy_heap_game_sum_value64": (c_int, [c_void_p, c_int, _u64p, c_size_t, _u64p]),
    "grundy_heap_game_sum_outcome": (c_int, [c_void_p, c_int, _u64p, c_size_t]),
    "grundy_heap_game_sum_winning_move": (c_int, [c_void_p, c_int, _u64p, c_size_t, _u64p]),
    "grundy_heap_game_sum_winning_moves": (c_int, [c_void_p, c_int, _u64p, c_size_t, _sizep,
                                                   _u64p, c_size_t, _sizep]),
    "grundy_heap_game_degree": (c_int, [c_void_p, c_uint64, _u64p]),
    "grundy_heap_game_move": (c_int, [c_void_p, c_uint64, c_uint64, _u64p, c_size_t, _sizep]),
    # (experimental: exported, declared in grundy.h only with GRUNDY_EXPERIMENTAL)
    "grundy_heap_game_set_period_detection": (None, [c_void_p, c_int]),
    "grundy_heap_game_set_sparse": (None, [c_void_p, c_int]),
    "grundy_heap_game_set_threads": (None, [c_void_p, c_uint]),
    # Misère quotients
    "grundy_quotient_new": (c_int, [_handlep, c_void_p, c_void_p]),
    "grundy_quotient_free": (None, [c_void_p]),
    "grundy_quotient_errmsg": (c_char_p, [c_void_p]),
    "grundy_quotient_set_memory_limit": (None, [c_void_p, c_size_t]),
    "grundy_quotient_set_progress": (None, [c_void_p, _PROGRESS_FN, c_void_p]),
    "grundy_quotient_compute": (c_int, [c_void_p, c_uint64]),
    "grundy_quotient_heaps": (c_uint64, [c_void_p]),
    "grundy_quotient_solved": (c_int, [c_void_p, _u64p, _u64p]),
    "grundy_quotient_order": (c_uint32, [c_void_p]),
    "grundy_quotient_p_size": (c_uint32, [c_void_p]),
    "grundy_quotient_is_p": (c_int, [c_void_p, c_uint32]),
    "grundy_quotient_tame": (c_int, [c_void_p]),
    "grundy_quotient_multiply": (c_int, [c_void_p, c_uint32, c_uint32, _u32p]),
    "grundy_quotient_phi": (c_int, [c_void_p, c_uint64, _u32p]),
    "grundy_quotient_generator_count": (c_size_t, [c_void_p]),
    "grundy_quotient_generator_heap": (c_int, [c_void_p, c_size_t, _u64p]),
    "grundy_quotient_word": (c_int, [c_void_p, c_uint32, _u32p, c_size_t]),
    "grundy_quotient_element_name": (c_int, [c_void_p, c_uint32, c_char_p, c_size_t, _sizep]),
    "grundy_quotient_relation_count": (c_size_t, [c_void_p]),
    "grundy_quotient_relation": (c_int, [c_void_p, c_size_t, _u32p, _u32p, c_size_t]),
    "grundy_quotient_presentation": (c_int, [c_void_p, c_char_p, c_size_t, _sizep]),
    "grundy_quotient_sum_outcome": (c_int, [c_void_p, _u64p, c_size_t]),
    "grundy_quotient_sum_winning_move": (c_int, [c_void_p, _u64p, c_size_t, _u64p]),
    "grundy_quotient_save": (c_int, [c_void_p, c_char_p]),
    "grundy_quotient_resume": (c_int, [c_void_p, c_char_p]),
    # Games described by rules
    "grundy_game_new_u64": (c_int, [_handlep, _MOVES_U64_FN, c_void_p, c_void_p]),
    "grundy_game_free": (None, [c_void_p]),
    "grundy_game_errmsg": (c_char_p, [c_void_p]),
    "grundy_game_set_memory_limit": (None, [c_void_p, c_size_t]),
    "grundy_game_set_progress": (None, [c_void_p, _PROGRESS_FN, c_void_p]),
    "grundy_game_set_search_limit": (None, [c_void_p, c_uint64]),
    "grundy_options_add": (c_int, [c_void_p, c_void_p, c_uint32]),
    "grundy_options_add_each": (c_int, [c_void_p, c_void_p, c_size_t]),
    "grundy_game_value": (c_int, [c_void_p, c_int, c_void_p, _u32p]),
    "grundy_game_outcome": (c_int, [c_void_p, c_int, c_void_p]),
    "grundy_game_sum_value": (c_int, [c_void_p, c_int, c_void_p, c_size_t, _u32p]),
    "grundy_game_sum_outcome": (c_int, [c_void_p, c_int, c_void_p, c_size_t]),
    "grundy_game_sum_winning_move": (c_int, [c_void_p, c_int, c_void_p, c_size_t, _u64p]),
    "grundy_game_sum_winning_moves": (c_int, [c_void_p, c_int, c_void_p, c_size_t, _sizep,
                                              _u64p, c_size_t, _sizep]),
    "grundy_game_last_method": (c_int, [c_void_p]),
    "grundy_game_degree": (c_int, [c_void_p, c_void_p, _u64p]),
    "grundy_game_move": (c_int, [c_void_p, c_void_p, c_uint64, c_void_p, c_size_t, _sizep]),
    "grundy_game_stats": (None, [c_void_p, _u64p, _u64p]),
    # Game graphs
    "grundy_graph_new": (c_int, [_handlep, c_void_p]),
    "grundy_graph_free": (None, [c_void_p]),
    "grundy_graph_parse": (c_int, [c_void_p, c_char_p, c_size_t]),
    "grundy_graph_errmsg": (c_char_p, [c_void_p]),
    "grundy_graph_errpos": (c_size_t, [c_void_p]),
    "grundy_graph_set_memory_limit": (None, [c_void_p, c_size_t]),
    "grundy_graph_set_progress": (None, [c_void_p, _PROGRESS_FN, c_void_p]),
    "grundy_graph_add_node": (c_int, [c_void_p, _u32p]),
    "grundy_graph_add_nodes": (c_int, [c_void_p, c_uint32, _u32p]),
    "grundy_graph_add_move": (c_int, [c_void_p, c_uint32, c_uint32]),
    "grundy_graph_add_split": (c_int, [c_void_p, c_uint32, _u32p, c_uint32]),
    "grundy_graph_add_moves": (c_int, [c_void_p, c_size_t, _u32p, _u32p]),
    "grundy_graph_node_count": (c_uint32, [c_void_p]),
    "grundy_graph_move_count": (c_uint64, [c_void_p]),
    "grundy_graph_solve": (c_int, [c_void_p, c_int]),
    "grundy_graph_cycle_node": (c_int, [c_void_p, _u32p]),
    "grundy_graph_value": (c_int, [c_void_p, c_int, c_uint32, _u32p]),
    "grundy_graph_values": (c_int, [c_void_p, c_int, c_uint32, c_size_t, _u32p]),
    "grundy_graph_outcome": (c_int, [c_void_p, c_int, c_uint32]),
    "grundy_graph_sum_value": (c_int, [c_void_p, c_int, _u32p, c_size_t, _u32p]),
    "grundy_graph_sum_outcome": (c_int, [c_void_p, c_int, _u32p, c_size_t]),
    "grundy_graph_sum_winning_move": (c_int, [c_void_p, c_int, _u32p, c_size_t, _u64p]),
    "grundy_graph_sum_winning_moves": (c_int, [c_void_p, c_int, _u32p, c_size_t, _sizep,
                                               _u64p, c_size_t, _sizep]),
    "grundy_graph_last_method": (c_int, [c_void_p]),
    "grundy_graph_degree": (c_int, [c_void_p, c_uint32, _u64p]),
    "grundy_graph_move": (c_int, [c_void_p, c_uint32, c_uint64, _u32p, c_size_t, _sizep]),
    "grundy_graph_loopy_followers": (c_int, [c_void_p, c_uint32, _u32p, c_size_t, _sizep]),
    "grundy_graph_genus": (c_int, [c_void_p, c_uint32, _u32p, c_size_t, POINTER(c_int)]),
    # Nimbers
    "grundy_nimber_new": (c_int, [_handlep, c_void_p]),
    "grundy_nimber_free": (None, [c_void_p]),
    "grundy_nimber_mul": (c_uint64, [c_void_p, c_uint64, c_uint64]),
    "grundy_nimber_pow": (c_uint64, [c_void_p, c_uint64, c_uint64]),
    "grundy_nimber_inv": (c_int, [c_void_p, c_uint64, _u64p]),
}

#: The ABI this module speaks, (major, minor): while the major version is 0,
#: every minor version may change the ABI, so both must match.
_ABI = (0, 2)
#: The library's SONAME for that ABI (libgrundy.so.MAJOR, and
#: libgrundy.so.0.MINOR while the major version is 0).
_SONAME = "libgrundy.so.%d.%d" % _ABI if _ABI[0] == 0 else "libgrundy.so.%d" % _ABI[0]


def _abi_of(number):
    major, minor = number // 10000, number // 100 % 100
    return (major, minor) if major == 0 else (major, None)


def _candidates():
    """(description, argument to CDLL) for every place to look, in order."""
    env = os.environ.get("GRUNDY_LIBRARY")
    if env:
        return [("GRUNDY_LIBRARY=%s" % env, env)], True
    here = os.path.dirname(os.path.abspath(__file__))
    places = []
    own = os.path.join(here, _SONAME)
    if os.path.exists(own):
        places.append(("the package's own copy %s" % own, own))
    try:
        from . import _install  # written by make install: where it put the library
        places.append(("installed with the package, %s" % _install.LIBRARY, _install.LIBRARY))
    except ImportError:
        pass
    build = os.path.normpath(os.path.join(here, "..", "..", "..", "lib", "libgrundy.so"))
    places.append(("build tree %s" % build, build))
    found = ctypes.util.find_library("grundy")
    if found:
        places.append(("system loader, find_library('grundy') = %s" % found, found))
    else:
        places.append(("system loader, find_library('grundy')", None))
    places.append(("system loader, %s" % _SONAME, _SONAME))
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
    want = "%d.%d" % _ABI if _ABI[0] == 0 else "%d" % _ABI[0]
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
        try:
            lib.grundy_version_number.restype = c_uint32
            lib.grundy_version.restype = c_char_p
            number = lib.grundy_version_number()
        except AttributeError:
            tried.append((desc, "not libgrundy: lacks grundy_version_number"))
            continue
        if _abi_of(number) != _abi_of(_ABI[0] * 10000 + _ABI[1] * 100):
            tried.append((desc, "libgrundy %s, but this module needs ABI version %s"
                          % (lib.grundy_version().decode(), want)))
            continue
        missing = _bind(lib)
        if missing:
            tried.append((desc, "not libgrundy or too old: lacks %s" % ", ".join(missing[:3])
                          + (" and %d more" % (len(missing) - 3) if len(missing) > 3 else "")))
            continue
        return lib, target
    lines = ["cannot load the shared library libgrundy (ABI %s); tried:" % want]
    lines += ["  - %s: %s" % (desc, why) for desc, why in tried]
    if from_env:
        lines.append("GRUNDY_LIBRARY is set, so no other place was tried.  Set it to the path "
                     "of libgrundy.so (e.g. PREFIX/lib/%s), or unset it to use the "
                     "build tree or the system's copy." % _SONAME)
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


def _size(x, what):
    return _int(x, what, _SIZE_MAX)


def _u64_array(values, what):
    values = [_u64(v, "%s[%d]" % (what, i)) for i, v in enumerate(values)]
    return (c_uint64 * max(len(values), 1))(*values), len(values)


def _outcome(rc):
    return _OUTCOMES[rc]


def _number(code, raw):
    """A number of play code as value() returns it: the named constant for
    a loopy infinity or a WTIA SP or SC, else the int."""
    base = code & ~BY_MASK
    if base == PLAY_LOOPY and raw == INF:
        return INF
    if base == PLAY_WTIA and raw in (SP, SC):
        return SP if raw == SP else SC
    return raw


#: The typecode of the arrays of values (HeapGame.values(), Graph.values()):
#: unsigned ints of 32 bits ('I' on every common platform).
VALUES_TYPECODE = next(c for c in "ILH" if array.array(c).itemsize == 4)
_ZEROS = array.array(VALUES_TYPECODE, bytes(4 * 4096))


def _values_room(count, limit, error, code):
    """Refuses an array of count 32-bit values before it is allocated: more
    values than the library stores (2**32 - 1, docs/limits.md), or more
    bytes than the handle's memory cap limit (0: none), with error (the
    class of the handle's memory failures) and status code."""
    if count > _U32_MAX:
        raise LimitError(ELIMIT, "%d values in one call: past 2**32 - 1 = %d, the most values "
                                 "the library stores (docs/limits.md); ask for them in pieces"
                         % (count, _U32_MAX))
    if limit and 4 * count > limit:
        raise error(code, "%d values need %d bytes, past the memory limit of %d bytes (raise it "
                          "with memory_limit= or %s)" % (count, 4 * count, limit, _LIMIT_VAR))


def _fill_u32(count, fill):
    """A new array of count 32-bit values, handed to fill (a C call) as the
    buffer to fill, without a copy.  The caller checks count first
    (_values_room)."""
    out = array.array(VALUES_TYPECODE)
    while len(out) < count:  # zeros, by doubling: no list, no bytes object
        out.extend(out if out and 2 * len(out) <= count else _ZEROS[:count - len(out)])
    if count == 0:
        fill((c_uint32 * 1)())
        return out
    view = (c_uint32 * count).from_buffer(out)
    try:
        fill(view)
    finally:
        del view
    return out


def _play(play):
    """The code of a play: a PLAY_* constant (or'ed with a BY_* method for
    misère play) or a name of PLAYS.  Unknown plays are refused here, so the
    library never sees a constant it does not know."""
    if isinstance(play, str):
        try:
            return PLAYS[play]
        except KeyError:
            raise ValueError("unknown play %r: expected a PLAY_* constant or one of %s"
                             % (play, ", ".join(sorted(PLAYS)))) from None
    try:
        code = operator.index(play)
    except TypeError:
        raise TypeError("play must be a PLAY_* constant or a name, not %s"
                        % type(play).__name__) from None
    base, method = code & ~BY_MASK, code & BY_MASK
    if base not in _PLAY_NAMES or method not in _METHOD_NAMES or (method and base != PLAY_MISERE):
        raise ValueError("unknown play %r: expected a PLAY_* constant (a BY_* method only "
                         "with PLAY_MISERE)" % (play,))
    return code


def _play_name(code):
    return "PLAY_%s%s" % (_PLAY_NAMES[code & ~BY_MASK].upper(), _METHOD_NAMES[code & BY_MASK])


def _method(code):
    return code or None


def _check(rc, detail=""):
    if rc < 0:
        raise _error(rc, detail)
    return rc


def _move_list(found, moves, n):
    """A winning move of a sum as Python gives it: one entry per component
    (None where it is not moved), or None when there is none."""
    if not found:
        return None
    return [None if m == NO_MOVE else m for m in moves[:n]]


def _all_moves(call, check, cap=16):
    """Every winning move of a sum as (component, move) pairs, from a C call
    filling components and moves up to a cap; grows the cap until all fit."""
    while True:
        comps = (c_size_t * cap)()
        moves = (c_uint64 * cap)()
        count = c_size_t()
        check(call(comps, moves, cap, byref(count)))
        n = count.value
        if n <= cap:
            return list(zip(comps[:n], moves[:n]))
        cap = n


# ---------------------------------------------------------------------------
# Nim and its relatives: closed forms, no handle.  Each takes PLAY_NORMAL and,
# where a closed form is known, PLAY_MISERE; another play raises
# NotSupportedError.


def _closed(rc, name, code):
    if rc == ENOTSUP:
        raise NotSupportedError(rc, "%s has no closed form for %s" % (name, _play_name(code)))
    return _check(rc)


def nim_sum_value(heaps, play=PLAY_NORMAL):
    """The value of a sum of Nim heaps (or of any games with these values):
    their nim-sum, the xor (normal play)."""
    code = _play(play)
    arr, n = _u64_array(heaps, "heaps")
    out = c_uint64()
    _closed(_lib.grundy_nim_sum_value(code, arr, n, byref(out)), "nim_sum_value", code)
    return out.value


def nim_sum_outcome(heaps, play=PLAY_NORMAL):
    """'N' or 'P' for a sum of Nim heaps: normal play (whoever takes the last
    token wins) or PLAY_MISERE (whoever takes it loses)."""
    code = _play(play)
    arr, n = _u64_array(heaps, "heaps")
    return _outcome(_closed(_lib.grundy_nim_sum_outcome(code, arr, n), "nim_sum_outcome", code))


def nim_sum_winning_move(heaps, play=PLAY_NORMAL):
    """A winning move in a sum of Nim heaps, in the first heap where one
    exists: a list with, for each heap, the tokens to take from it or None;
    None from a P-position (misère: or with no tokens left, the player to
    move having already won)."""
    code = _play(play)
    arr, n = _u64_array(heaps, "heaps")
    moves = (c_uint64 * max(n, 1))()
    found = _closed(_lib.grundy_nim_sum_winning_move(code, arr, n, moves),
                    "nim_sum_winning_move", code)
    return _move_list(found, moves, n)


def nim_sum_winning_moves(heaps, play=PLAY_NORMAL):
    """Every winning move in a sum of Nim heaps, as (heap index, tokens to
    take) pairs, heap by heap (at most one per heap)."""
    code = _play(play)
    arr, n = _u64_array(heaps, "heaps")
    return _all_moves(lambda comps, moves, cap, count:
                      _lib.grundy_nim_sum_winning_moves(code, arr, n, comps, moves, cap, count),
                      lambda rc: _closed(rc, "nim_sum_winning_moves", code), max(n, 1))


def _max_take(max_take):
    if _u64(max_take, "max_take") == 0:
        raise ValueError("max_take must be at least 1")
    return max_take


def bounded_nim_value(heap, max_take, play=PLAY_NORMAL):
    """The value of one heap of bounded Nim, where a move takes 1 to
    max_take tokens: heap mod (max_take + 1).  max_take 2**64 - 1 is plain
    Nim."""
    code = _play(play)
    out = c_uint64()
    _closed(_lib.grundy_bounded_nim_value(_max_take(max_take), code, _u64(heap, "heap"),
                                          byref(out)), "bounded_nim_value", code)
    return out.value


def bounded_nim_sum_outcome(heaps, max_take, play=PLAY_NORMAL):
    """'N' or 'P' for a sum of bounded Nim heaps (a move takes 1 to max_take
    tokens from one heap)."""
    code = _play(play)
    max_take = _max_take(max_take)
    arr, n = _u64_array(heaps, "heaps")
    return _outcome(_closed(_lib.grundy_bounded_nim_sum_outcome(max_take, code, arr, n),
                            "bounded_nim_sum_outcome", code))


def bounded_nim_sum_winning_move(heaps, max_take, play=PLAY_NORMAL):
    """A winning move in a sum of bounded Nim heaps, as nim_sum_winning_move()
    (a list of tokens to take per heap, None where none), or None."""
    code = _play(play)
    max_take = _max_take(max_take)
    arr, n = _u64_array(heaps, "heaps")
    moves = (c_uint64 * max(n, 1))()
    found = _closed(_lib.grundy_bounded_nim_sum_winning_move(max_take, code, arr, n, moves),
                    "bounded_nim_sum_winning_move", code)
    return _move_list(found, moves, n)


def staircase_nim_outcome(steps, play=PLAY_NORMAL):
    """'N' or 'P': staircase Nim, ``steps[i]`` coins on step i (step 0 is the
    floor)."""
    code = _play(play)
    arr, n = _u64_array(steps, "steps")
    return _outcome(_closed(_lib.grundy_staircase_nim_outcome(code, arr, n),
                            "staircase_nim_outcome", code))


def staircase_nim_winning_move(steps, play=PLAY_NORMAL):
    """A winning staircase move: a list with, for each step, the coins to
    move from it to the step below, or None; None from a P-position."""
    code = _play(play)
    arr, n = _u64_array(steps, "steps")
    moves = (c_uint64 * max(n, 1))()
    found = _closed(_lib.grundy_staircase_nim_winning_move(code, arr, n, moves),
                    "staircase_nim_winning_move", code)
    return _move_list(found, moves, n)


def nim_levels_value(heaps, play=PLAY_WTIA):
    """The w-number of one super-heap of Nim on levels (heaps from the bottom
    up), played "winner takes it all": an int, SP64 (no coins) or SC64 (one
    non-empty heap)."""
    code = _play(play)
    arr, n = _u64_array(heaps, "heaps")
    w = c_uint64()
    _closed(_lib.grundy_nim_levels_value(code, arr, n, byref(w)), "nim_levels_value", code)
    return {SP64: SP64, SC64: SC64}.get(w.value, w.value)


def _superheaps(superheaps):
    superheaps = [list(s) for s in superheaps]
    flat, _ = _u64_array([h for s in superheaps for h in s], "heaps")
    counts = (c_size_t * max(len(superheaps), 1))(*[len(s) for s in superheaps])
    return flat, counts, len(superheaps)


def nim_levels_sum_outcome(superheaps, play=PLAY_WTIA):
    """'N' or 'P' for Nim on levels with the given super-heaps (each a list of
    heaps, bottom first)."""
    code = _play(play)
    flat, counts, n = _superheaps(superheaps)
    return _outcome(_closed(_lib.grundy_nim_levels_sum_outcome(code, flat, counts, n),
                            "nim_levels_sum_outcome", code))


def nim_levels_sum_winning_move(superheaps, play=PLAY_WTIA):
    """A winning move in Nim on levels: a list with, for each super-heap, the
    coins to take from its top non-empty heap, or None; None if the position
    is lost (or already over)."""
    code = _play(play)
    flat, counts, n = _superheaps(superheaps)
    moves = (c_uint64 * max(n, 1))()
    found = _closed(_lib.grundy_nim_levels_sum_winning_move(code, flat, counts, n, moves),
                    "nim_levels_sum_winning_move", code)
    return _move_list(found, moves, n)


def numbers_sum_outcome(numbers, play=PLAY_NORMAL):
    """'P' or 'N' for a sum decided by its components' numbers alone:
    Sprague-Grundy values for PLAY_NORMAL and PLAY_SELECTIVE, w-numbers for
    PLAY_WTIA, remoteness for PLAY_CONJUNCTIVE and PLAY_SHORTENED, suspense
    numbers for PLAY_CONTINUED, and the SJ rule on Sprague-Grundy values for
    ``PLAY_MISERE | BY_SJ`` (the caller vouches for its precondition).
    Other plays raise NotSupportedError: numbers do not decide them."""
    code = _play(play)
    nums = [_int(v, "numbers[%d]" % i, _U32_MAX) for i, v in enumerate(numbers)]
    arr = (c_uint32 * max(len(nums), 1))(*nums)
    rc = _lib.grundy_numbers_sum_outcome(code, arr, len(nums))
    if rc == ENOTSUP:
        raise NotSupportedError(rc, "numbers do not decide sums of %s" % _play_name(code))
    return _outcome(_check(rc))


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
    return _lib.grundy_nimber_mul(_nimber_tables(), _u64(a, "a"), _u64(b, "b"))


def nim_pow(a, e):
    """The nim power a**e (a**0 = 1)."""
    return _lib.grundy_nimber_pow(_nimber_tables(), _u64(a, "a"), _u64(e, "e"))


def nim_inv(a):
    """The nim inverse of a non-zero nimber; OutOfRangeError for 0."""
    inv = c_uint64()
    rc = _lib.grundy_nimber_inv(_nimber_tables(), _u64(a, "a"), byref(inv))
    _check(rc, "0 has no nim inverse" if rc == ERANGE else "")
    return inv.value


# ---------------------------------------------------------------------------
# Handles: what every kind shares.  The guards below are the module's safety
# rules, in one place, so that a handle class adopts them all by deriving from
# _Owner, naming its C functions in four class attributes and calling
# self._adopt(handle, memory_limit) once it has a handle:
#
# - one call at a time: every public method holds the handle's lock (an
#   RLock) across its C calls, so two threads sharing a handle take turns
#   (ctypes lets go of the GIL during a C call, and the library does not
#   serialize the calls of one handle);
# - no use after free: close() from inside one of the handle's own calls
#   (its move generator, or a signal handler run by the progress callback)
#   raises StateError, and from another thread it waits for the call to end;
# - Ctrl-C: during a call on the main thread, SIGINT is only noted (_noting)
#   (a handler that raised would raise inside a ctypes callback, where the
#   exception cannot be caught: Python runs handlers on entry to any Python
#   function).  Every handle carries a progress callback (and a Game's move
#   generator does the same) that runs SIGINT's own handler for a noted
#   signal, catching what it raises: a handler that raises (the default one
#   raises KeyboardInterrupt) stops the computation, the library returns
#   GRUNDY_ECANCELED, keeping what it found, and the call raises what the
#   handler raised; a handler that returns lets the computation go on (a
#   program's "set a flag and keep working").  A signal noted after the last
#   callback is handled when the call returns;
# - a memory cap on every handle (default_memory_limit()).

_LIMIT_VAR = "GRUNDY_MEMORY_LIMIT"
_FALLBACK_LIMIT = 4 << 30


def _parse_size(text):
    """Bytes from "123", "64K", "1g" (a number times 2**10, 2**20, 2**30 or
    2**40), the syntax of GRUNDY_MEMORY_LIMIT; None if text is not one."""
    m = re.fullmatch(r"([0-9]+)([KMGTkmgt]?)", text)
    if not m:
        return None
    shift = 10 * ("KMGT".find(m.group(2).upper()) + 1) if m.group(2) else 0
    return int(m.group(1)) << shift


def default_memory_limit():
    """The memory cap a handle gets when its ``memory_limit`` is not given,
    in bytes, as the command-line tool's: ``GRUNDY_MEMORY_LIMIT`` if it is
    set (bytes, or a number with K, M, G or T; 0 for no cap), else half the
    physical memory (4 GiB where it cannot be read).  A value of
    ``GRUNDY_MEMORY_LIMIT`` that is not a size raises ValueError."""
    env = os.environ.get(_LIMIT_VAR)
    if env is not None:
        limit = _parse_size(env)
        if limit is None:
            raise ValueError("%s: %r is not a size: give bytes, or a number with K, M, G or T "
                             "(0 for no limit)" % (_LIMIT_VAR, env))
    else:
        try:
            limit = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
        except (AttributeError, ValueError, OSError):
            limit = 0
        if limit <= 0:
            limit = _FALLBACK_LIMIT
    return min(limit, _SIZE_MAX)


try:  # signal.getsignal() in C, without the conversion to an enum, which
    from _signal import getsignal as _getsignal  # costs microseconds per call
except ImportError:
    _getsignal = signal.getsignal
_get_ident = threading.get_ident
_MAIN_IDENT = threading.main_thread().ident
_noted = []        # SIGINTs noted during a call, not yet handled
_active = [0]      # calls under way on the main thread
_delegate = [None]  # the handler the installed noting handler stands in front of


def _noting(handler):
    """SIGINT's handler once a call has run on the main thread, standing
    in front of handler: during a call it notes the signal; outside, it
    runs handler (the default one raises KeyboardInterrupt).  Each keeps
    its own handler, so that a program that saved SIGINT's handler (one of
    these) and set its own restores the first one whole."""
    def note(signum, frame):
        if _active[0]:
            _noted.append(signum)
        else:
            handler(signum, frame)
    note.grundy_delegate = handler
    return note


def _sigint_stops(pending):
    """From a callback of the library during a call (pending is the
    handle's): runs SIGINT's handler for each SIGINT noted, if the call was
    made on the main thread (pending.sigint).  An exception the handler
    raises is kept in pending, to raise when the call returns, and True
    stops the computation; a handler that returns lets it go on.  On a
    thread of the library's own, only the default handler's
    KeyboardInterrupt is raised there; another handler is left to the main
    thread, where Python runs handlers."""
    if not (_noted and pending.sigint):
        return False
    if _get_ident() != _MAIN_IDENT:
        if _delegate[0] is not signal.default_int_handler:
            return False
        del _noted[:]
        pending.append(KeyboardInterrupt())
        return True
    while _noted:
        signum = _noted.pop(0)
        try:
            _delegate[0](signum, None)
        except BaseException as exc:  # raised again when the call returns
            del _noted[:]
            pending.append(exc)
            return True
    return False


class _Pending(list):
    """A handle's exceptions raised inside a C call, to raise after it, and
    whether SIGINT may stop the call under way: only a call made on the main
    thread, the one SIGINT is meant for.  A call of another handle on another
    thread goes on while a SIGINT is noted."""

    __slots__ = ("sigint",)

    def __init__(self):
        super().__init__()
        self.sigint = False


class _NotingSignals:
    """Around a call on the main thread: SIGINT is noted, not handled, and
    handled once the outermost call returns.  A noting handler is put in
    front of SIGINT's handler once (again if the program sets another one),
    so a call costs no system call; SIG_DFL and SIG_IGN are left alone (the
    process ends, or goes on)."""

    __slots__ = ("on",)

    def __enter__(self):
        handler = _getsignal(signal.SIGINT)
        delegate = getattr(handler, "grundy_delegate", None)
        if delegate is None:
            if not callable(handler):
                self.on = False
                return
            delegate = handler
            signal.signal(signal.SIGINT, _noting(handler))
        _delegate[0] = delegate
        self.on = True
        _active[0] += 1

    def __exit__(self, kind, exc, tb):
        if not self.on:
            return False
        _active[0] -= 1
        if _active[0] == 0 and _noted:  # noted after the call's last callback
            signums = _noted[:]
            del _noted[:]
            for signum in signums:
                _delegate[0](signum, None)  # the default handler raises KeyboardInterrupt
        return False


def _watcher(pending):
    """The progress callback of a handle: it runs SIGINT's handler for a
    noted SIGINT, and stops the computation if the handler raises.  It
    refers to pending, not to the handle, so that it makes no cycle."""
    def progress(user, done, total):
        return 1 if _noted and _sigint_stops(pending) else 0
    return _PROGRESS_FN(progress)


def _guarded(fn):
    """A method that holds its handle's lock throughout (see above)."""
    @functools.wraps(fn)
    def call(self, *args, **kwargs):
        with self._lock:
            outer = self._depth == 0
            if outer and self._pending:
                del self._pending[:]  # left by a call that did not read it
            self._depth += 1
            try:
                if outer and _get_ident() == _MAIN_IDENT:
                    with _NotingSignals():
                        self._pending.sigint = True
                        return fn(self, *args, **kwargs)
                return fn(self, *args, **kwargs)
            finally:
                self._depth -= 1
                if outer:
                    self._pending.sigint = False
    return call


class _Owner:
    """Owns one library handle, kept in the attribute named by _SLOT, and
    releases it exactly once with the library's own function named by _FREE
    (on close(), at the end of a with block, or when collected).  _ERRMSG,
    _SET_PROGRESS and _SET_LIMIT name the handle's other C functions.  Every
    public method a subclass defines is guarded by the handle's lock."""

    _SLOT = "_h"
    _FREE = ""
    _ERRMSG = ""
    _SET_PROGRESS = ""
    _SET_LIMIT = ""

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls)
        self._lock = threading.RLock()
        self._depth = 0        # calls of this handle under way (on the lock's thread)
        self._pending = _Pending()
        self._watch = None     # the progress callback, kept alive with the handle
        self._memory_limit = 0
        setattr(self, cls._SLOT, None)
        return self

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, attr in list(vars(cls).items()):
            if name.startswith("_") and name not in ("__len__", "__repr__"):
                continue
            if isinstance(attr, property):
                setattr(cls, name, property(_guarded(attr.fget), None, None, attr.__doc__))
            elif callable(attr) and not isinstance(attr, (classmethod, staticmethod, type)):
                setattr(cls, name, _guarded(attr))

    def _adopt(self, h, memory_limit):
        """Takes h as this object's handle, with the progress callback that
        watches for signals and the memory cap (None: the default)."""
        setattr(self, self._SLOT, h)
        self._watch = _watcher(self._pending)
        getattr(_lib, self._SET_PROGRESS)(h, self._watch, None)
        self.set_memory_limit(default_memory_limit() if memory_limit is None else memory_limit)

    def _handle(self):
        h = getattr(self, self._SLOT)
        if not h:
            raise ValueError("operation on a closed %s" % type(self).__name__)
        return h

    def _failure(self, rc):
        """The exception for a failed call, with the handle's message."""
        detail = ""
        if rc not in (ENOMEM, ECANCELED):
            detail = getattr(_lib, self._ERRMSG)(getattr(self, self._SLOT)).decode(
                "utf-8", "replace")
        return _error(rc, detail)

    def _call(self, rc):
        """Raises what a callback raised during the C call (KeyboardInterrupt
        from the progress callback, an exception of a move generator), or
        for a failed call; else returns rc."""
        if self._pending:
            exc = self._pending[-1]
            del self._pending[:]
            raise exc
        if rc >= 0:
            return rc
        raise self._failure(rc)

    @_guarded
    def set_memory_limit(self, nbytes):
        """Cap the memory the handle holds, in bytes (0: no cap).  Past the
        cap a computation fails at once, without asking the system for the
        memory (the class says with which exception).  From inside one of
        the handle's own calls (a move generator) it raises StateError: the
        library leaves the cap of a computation under way as it is."""
        nbytes = _size(nbytes, "nbytes")
        if self._depth > 1:
            raise StateError(ESTATE, "set_memory_limit() of a %s from inside one of its own "
                                     "calls (its move generator)" % type(self).__name__)
        getattr(_lib, self._SET_LIMIT)(self._handle(), nbytes)
        self._memory_limit = nbytes

    @property
    def memory_limit(self):
        """The handle's memory cap in bytes (0: none)."""
        return self._memory_limit

    @property
    def closed(self):
        """True once close() has released the handle."""
        return not getattr(self, self._SLOT)

    def close(self):
        """Release the handle's memory with the library's own function.
        Idempotent.  From another thread it waits for a call under way; from
        inside one of the handle's own calls (its move generator, a signal
        handler) it raises StateError, as the call still uses the handle."""
        with self._lock:
            if self._depth:
                raise StateError(ESTATE, "close() of a %s from inside one of its own calls (its "
                                         "move generator or a signal handler): the call under "
                                         "way still uses it; close it once the call returns"
                                 % type(self).__name__)
            h = getattr(self, self._SLOT, None)
            setattr(self, self._SLOT, None)
            if h:
                getattr(_lib, self._FREE)(h)

    def __del__(self):
        try:
            if getattr(self, "_lock", None) is not None:
                self.close()
        except Exception:  # interpreter shutdown: the module may be gone
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------------------
# Game graphs


class Graph(_Owner):
    """A game graph: positions (nodes 0, 1, 2, ... in the order added) and
    moves, each from a node to a sum of zero or more nodes.  Move k of a node
    is the k-th move added from it.

    Questions solve the graph for the play they need when it is not solved
    already (solving an unchanged graph again costs nothing), so calling
    solve() first is optional; it is the place to catch a CycleError.

    ``memory_limit`` caps the bytes the graph holds (its moves, the numbers
    of each play, a solve's scratch, the misère search's memo; None: the
    default_memory_limit(), 0: no cap): a call that would pass it raises
    OutOfMemoryError at once, naming the cap, and leaves the graph usable.
    A graph pickles as its nodes and moves.
    """

    _SLOT = '_g'
    _FREE = 'grundy_graph_free'
    _ERRMSG = 'grundy_graph_errmsg'
    _SET_PROGRESS = 'grundy_graph_set_progress'
    _SET_LIMIT = 'grundy_graph_set_memory_limit'

    def __init__(self, memory_limit=None):
        h = c_void_p()
        _check(_lib.grundy_graph_new(byref(h), None))
        try:
            self._adopt(h, memory_limit)
        except BaseException:
            self.close()
            raise

    @classmethod
    def parse(cls, text, memory_limit=None):
        """A graph read from the text format of ``grundy graph`` (``n m``,
        then m moves ``u v``; ``#`` starts a comment).  ``text`` is a str or
        bytes.  Raises ParseError with ``.errpos``, the byte offset of the
        offending token, and ``.line``, its line (a TextRangeError, also an
        OutOfRangeError, when the text names a node out of range)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        g = cls(memory_limit)
        try:
            rc = _lib.grundy_graph_parse(g._g, data, len(data))
            if rc < 0:
                raise g._parse_error(rc, data)
        except BaseException:
            g.close()
            raise
        return g

    def _parse_error(self, rc, data):
        detail = ""
        if rc != ENOMEM:
            detail = _lib.grundy_graph_errmsg(self._g).decode("utf-8", "replace")
        pos = _lib.grundy_graph_errpos(self._g)
        if pos == NO_POS:
            return _error(rc, detail)
        err = TextRangeError(rc, detail) if rc == ERANGE else _error(rc, detail)
        err.errpos = pos
        if isinstance(err, ParseError):
            err.position = pos
            err.line = data.count(b"\n", 0, pos) + 1
        return err

    # -- life cycle ---------------------------------------------------------

    def _failure(self, rc):
        g = self._g
        if rc == ENOMEM:
            msg = _lib.grundy_graph_errmsg(g).decode("utf-8", "replace")
            if not msg.startswith("the memory limit"):
                return _error(rc)
            return _error(rc, msg + " (raise it with memory_limit= or %s)" % _LIMIT_VAR)
        err = _Owner._failure(self, rc)
        if rc == ECYCLE:
            node = c_uint32()
            if _lib.grundy_graph_cycle_node(g, byref(node)) == OK:
                err.node = node.value
        return err

    def __reduce__(self):
        """Pickles the graph as its nodes and moves (and memory cap)."""
        n = len(self)
        moves = [(u, self.move(u, k)) for u in range(n) for k in range(self.degree(u))]
        return _graph_from_moves, (n, moves, self._memory_limit)

    def _node(self, u, what="node", n=None):
        """Checks a node id (so that the message names it)."""
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

    def solve(self, play=PLAY_NORMAL):
        """Compute the numbers of play for every node, ahead of the questions
        that would otherwise do it: PLAY_NORMAL (Sprague-Grundy values),
        PLAY_MISERE, PLAY_WTIA (w-numbers), PLAY_CONJUNCTIVE (remoteness),
        PLAY_CONTINUED (suspense numbers), PLAY_LOOPY (generalized values;
        cycles allowed), PLAY_SELECTIVE, PLAY_SHORTENED.  Raises CycleError
        (with .node) on a cycle for the acyclic plays.  Returns the graph."""
        self._call(_lib.grundy_graph_solve(self._handle(), _play(play)))
        return self

    def values(self, play=PLAY_NORMAL):
        """The numbers of play of every node, as an ``array.array`` of
        unsigned 32-bit ints (typecode VALUES_TYPECODE), filled by one C
        call; it indexes like a list, and numpy reads it without a copy
        (``numpy.asarray``).  The draws and w-numbers are the raw ints of
        INF, SP and SC there (equal to those constants)."""
        code = _play(play)
        g = self._handle()
        n = _lib.grundy_graph_node_count(g)
        # Solved first, within the graph's cap; then the array is held to it.
        self._call(_lib.grundy_graph_solve(g, code & ~BY_MASK))
        _values_room(n, self._memory_limit, OutOfMemoryError, ENOMEM)
        return _fill_u32(n, lambda out: self._call(_lib.grundy_graph_values(g, code, 0, n, out)))

    def value(self, u, play=PLAY_NORMAL):
        """The number of node u under play: an int, or the constant INF
        (loopy play), SP or SC (WTIA play)."""
        code = _play(play)
        g = self._handle()
        u = self._node(u)
        out = c_uint32()
        self._call(_lib.grundy_graph_value(g, code, u, byref(out)))
        return _number(code, out.value)

    def outcome(self, u, play=PLAY_NORMAL):
        """'P', 'N' or 'D' (a draw, loopy play only) for node u alone."""
        code = _play(play)
        g = self._handle()
        u = self._node(u)
        return _outcome(self._call(_lib.grundy_graph_outcome(g, code, u)))

    # -- sums -----------------------------------------------------------------

    def sum_value(self, nodes, play=PLAY_NORMAL):
        """The number of the sum of the positions nodes (a node may repeat):
        the xor of their values (PLAY_NORMAL; other plays decide sums by
        their outcome and raise NotSupportedError)."""
        code = _play(play)
        arr, n = self._nodes(nodes)
        out = c_uint32()
        self._call(_lib.grundy_graph_sum_value(self._handle(), code, arr, n, byref(out)))
        return out.value

    def sum_outcome(self, nodes, play=PLAY_NORMAL):
        """'P', 'N' or 'D' for the sum of the positions nodes under play.
        Misère play picks its method (SJ theorem, genus, search) unless a
        BY_* flag requires one (InvalidArgumentError, naming a node, if its
        precondition fails); last_method() says which."""
        code = _play(play)
        arr, n = self._nodes(nodes)
        return _outcome(self._call(_lib.grundy_graph_sum_outcome(self._handle(), code, arr, n)))

    def sum_winning_move(self, nodes, play=PLAY_NORMAL):
        """A winning move in the sum: a list with, for each component, the
        move index to play there (read it with move()) or None where it is
        not moved; None if there is no such move (a P-position).  From a
        loopy draw the move keeps the draw."""
        code = _play(play)
        arr, n = self._nodes(nodes)
        out = (c_uint64 * max(n, 1))()
        found = self._call(_lib.grundy_graph_sum_winning_move(self._handle(), code, arr, n, out))
        return _move_list(found, out, n)

    def sum_winning_moves(self, nodes, play=PLAY_NORMAL):
        """Every winning move in the sum, as (component, move index) pairs,
        by component then by move, for the plays that move in one component
        (normal, misère, WTIA, loopy).  With one node: its winning moves."""
        code = _play(play)
        arr, n = self._nodes(nodes)
        g = self._handle()
        return _all_moves(lambda comps, moves, cap, count: _lib.grundy_graph_sum_winning_moves(
            g, code, arr, n, comps, moves, cap, count), self._call)

    def last_method(self):
        """Which method the most recent misère sum call used: BY_SJ,
        BY_GENUS or BY_SEARCH; None if no misère sum call has succeeded."""
        return _method(_lib.grundy_graph_last_method(self._handle()))

    # -- moves ----------------------------------------------------------------

    def degree(self, u):
        """The number of moves from node u."""
        g = self._handle()
        u = self._node(u)
        out = c_uint64()
        self._call(_lib.grundy_graph_degree(g, u, byref(out)))
        return out.value

    def move(self, u, k):
        """The parts of move k of node u (moves counted from 0 in the order
        added), as a tuple of nodes: one for an ordinary move."""
        g = self._handle()
        u = self._node(u)
        k = _u64(k, "move index")
        nparts = c_size_t()
        cap = 4
        while True:
            parts = (c_uint32 * cap)()
            rc = _lib.grundy_graph_move(g, u, k, parts, cap, byref(nparts))
            if rc == ERANGE:
                raise OutOfRangeError(rc, "node %d has no move %d (degree %d)"
                                      % (u, k, self.degree(u)))
            self._call(rc)
            if nparts.value <= cap:
                return tuple(parts[:nparts.value])
            cap = nparts.value

    def moves(self, u):
        """Every move of node u, as a list of part tuples."""
        return [self.move(u, k) for k in range(self.degree(u))]

    # -- loopy play, genus ----------------------------------------------------

    def loopy_followers(self, u):
        """The distinct finite loopy values of u's followers, increasing (what
        ``inf{...}`` lists)."""
        u = self._node(u)
        g = self._handle()
        count = c_size_t()
        self._call(_lib.grundy_graph_loopy_followers(g, u, None, 0, byref(count)))
        while True:
            cap = count.value
            if cap == 0:
                return []
            arr = (c_uint32 * cap)()
            self._call(_lib.grundy_graph_loopy_followers(g, u, arr, cap, byref(count)))
            if count.value <= cap:
                return arr[:count.value]

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
    '0.07' Dawson's Kayles), 'sub:1,2,5' (a subtraction game),
    'allbut:2,3,7' (take any number but 2, 3 or 7), 'grundy' (Grundy's game)
    or 'lasker' (Lasker's Nim).  A position is a heap size.  Values are
    computed once and kept; periods are claimed only when proved (Guy-Smith;
    arithmetic periods of all-but games by their certificate, Lasker's Nim by
    its closed form).  This version computes heap games under PLAY_NORMAL and
    PLAY_MISERE (by a search over sums of heaps, capped by
    set_search_limit(); PLAY_MISERE | BY_GENUS for tame heaps); other plays
    raise NotSupportedError.

    A name that cannot be read raises ParseError (or LimitError for codes
    too long) with the library's message and ``.errpos``, the offset of the
    offending character.  The keyword arguments ``period_detection``,
    ``sparse`` and ``threads`` are experimental tuning switches (see
    set_period_detection(), set_sparse(), set_threads()).

    ``memory_limit`` caps the bytes of values the game stores (None: the
    default_memory_limit(), 0: no cap): a request for more values than fit
    raises LimitError at once, naming what it would need.  A game pickles as
    its name and settings."""

    _SLOT = '_h'
    _FREE = 'grundy_heap_game_free'
    _ERRMSG = 'grundy_heap_game_errmsg'
    _SET_PROGRESS = 'grundy_heap_game_set_progress'
    _SET_LIMIT = 'grundy_heap_game_set_memory_limit'

    def __init__(self, name, period_detection=True, sparse=True, threads=1, memory_limit=None):
        if not isinstance(name, str):
            raise TypeError("name must be a str, not %s" % type(name).__name__)
        if "\0" in name:
            raise ValueError("name contains a NUL character")
        self._h = None
        raw = name.encode("utf-8")
        h = self._new()
        rc = _lib.grundy_heap_game_parse(h, raw, len(raw))
        if rc < 0:
            detail = ""
            if rc != ENOMEM:
                shown = name if len(name) <= 40 else name[:30] + "..." + name[-7:]
                detail = "game %r: %s" % (shown, _lib.grundy_heap_game_errmsg(h).decode(
                    "utf-8", "replace"))
            pos = _lib.grundy_heap_game_errpos(h)
            _lib.grundy_heap_game_free(h)
            err = _error(rc, detail)
            if pos != NO_POS:
                err.errpos = pos
                if isinstance(err, ParseError):
                    err.position = pos
            raise err
        self._init(h, name, period_detection, sparse, threads, memory_limit)

    @staticmethod
    def _new():
        h = c_void_p()
        _check(_lib.grundy_heap_game_new(byref(h), None))
        return h

    def _init(self, h, name, period_detection, sparse, threads, memory_limit):
        self.name = name
        try:
            self._adopt(h, memory_limit)
            self.set_period_detection(period_detection)
            self.set_sparse(sparse)
            self.set_threads(threads)
        except BaseException:
            self.close()
            raise

    @classmethod
    def subtraction(cls, takes, period_detection=True, sparse=True, threads=1, memory_limit=None):
        """The subtraction game removing any amount in takes (each 1..2**32 - 1)."""
        takes = [_int(t, "takes[%d]" % i, _U32_MAX) for i, t in enumerate(takes)]
        arr = (c_uint32 * max(len(takes), 1))(*takes)
        h = cls._new()
        rc = _lib.grundy_heap_game_set_subtraction(h, arr, len(takes))
        if rc < 0:
            detail = ""
            if rc == EINVAL:
                detail = "a subtraction set needs at least one amount, each at least 1"
            elif rc != ENOMEM:
                detail = _lib.grundy_heap_game_errmsg(h).decode("utf-8", "replace")
            _lib.grundy_heap_game_free(h)
            raise _error(rc, detail)
        self = cls.__new__(cls)
        self._init(h, "sub:" + ",".join(str(t) for t in takes), period_detection, sparse,
                   threads, memory_limit)
        return self

    def __reduce__(self):
        """Pickles the game as its name and settings: unpickling creates
        the game again (its values are computed again when asked)."""
        self._handle()
        return (_heap_game_from_name, (self.name, self._period_detection, self._sparse,
                                       self._threads, self._memory_limit))

    def __repr__(self):
        return "<grundy.HeapGame %r%s>" % (getattr(self, "name", "?"),
                                           "" if self._h else " closed")

    # -- experimental tuning switches ---------------------------------------

    def set_period_detection(self, on):
        """Experimental (outside the ABI promise; declared in C only with
        GRUNDY_EXPERIMENTAL): turn period detection on (the default) or off.
        With it on, the computation stops once a period is proved."""
        _lib.grundy_heap_game_set_period_detection(self._handle(), 1 if on else 0)
        self._period_detection = bool(on)

    def set_sparse(self, on):
        """Experimental: let the library use the sparse-space method where the
        game has sparse structure (the default), or force the plain loop.
        Both give identical values."""
        _lib.grundy_heap_game_set_sparse(self._handle(), 1 if on else 0)
        self._sparse = bool(on)

    def set_threads(self, threads):
        """Experimental: let computations use up to threads threads (default
        1; this version uses at most 2).  The values are identical to one
        thread's."""
        threads = _int(threads, "threads", _U32_MAX)
        _lib.grundy_heap_game_set_threads(self._handle(), threads)
        self._threads = threads

    # -- values ---------------------------------------------------------------

    @property
    def computed(self):
        """How many values are stored."""
        return _lib.grundy_heap_game_computed(self._handle())

    def compute(self, count):
        """Make G(0) .. G(count - 1) available."""
        self._call(_lib.grundy_heap_game_compute(self._handle(), _u64(count, "count")))

    def period(self, max=100000):
        """(period, preperiod) if a period is proved within max values, else
        None."""
        p, n0 = c_uint64(), c_uint64()
        if self._call(_lib.grundy_heap_game_period(self._handle(), _u64(max, "max"),
                                                   byref(p), byref(n0))):
            return p.value, n0.value
        return None

    def arithmetic_period(self, max=100000):
        """(period, preperiod, saltus, proved) with G(n + period) = G(n) +
        saltus for n >= preperiod: proved (for every heap) or only observed
        in the first max values; None if there is no such regularity there.
        Finite octal games are only searched for saltus 0."""
        p, n0, s, proved = c_uint64(), c_uint64(), c_uint64(), c_int()
        if self._call(_lib.grundy_heap_game_arithmetic_period(
                self._handle(), _u64(max, "max"), byref(p), byref(n0), byref(s),
                byref(proved))):
            return p.value, n0.value, s.value, bool(proved.value)
        return None

    def value(self, heap, play=PLAY_NORMAL):
        """G(heap): from the table, or from the period once one is proved (so
        any heap size is fine then).  Values of any size: an arithmetic period
        takes them past 2**32 (Lasker's Nim of 2**63 is 2**63 - 1)."""
        code = _play(play)
        out = c_uint64()
        self._call(_lib.grundy_heap_game_value64(self._handle(), code, _u64(heap, "heap"),
                                                 byref(out)))
        return out.value

    def values(self, first, count=None, play=PLAY_NORMAL):
        """G(first), ..., G(first + count - 1) in one C call, as an
        ``array.array`` of unsigned 32-bit ints (typecode VALUES_TYPECODE):
        it indexes and slices like a list, and numpy reads it without a copy
        (``numpy.asarray``).  values(n), like range(n), is G(0) ...
        G(n - 1).  Once a period is proved, any count costs one pass of
        memory (values(10**7) of Kayles in a fraction of a second).
        The array is held to the game's limits before it is allocated: a
        count past 2**32 - 1 (the most values the library stores), or
        whose 4 bytes a value pass the memory limit, raises LimitError at
        once, naming the limit."""
        code = _play(play)
        if count is None:
            first, count = 0, first
        first, count = _u64(first, "first"), _size(count, "count")
        if count and first + count - 1 > _U64_MAX:
            raise ValueError("heaps first .. first + count - 1 must be below 2**64")
        h = self._handle()
        _values_room(count, self._memory_limit, LimitError, ELIMIT)
        return _fill_u32(count, lambda out: self._call(
            _lib.grundy_heap_game_values(h, code, first, count, out)))

    def outcome(self, heap, play=PLAY_NORMAL):
        """'N' or 'P' for one heap."""
        code = _play(play)
        return _outcome(self._call(_lib.grundy_heap_game_outcome(self._handle(), code,
                                                                 _u64(heap, "heap"))))

    # -- sums -----------------------------------------------------------------

    def sum_value(self, heaps, play=PLAY_NORMAL):
        """The value of the sum of heaps: the xor of their values, of any
        size (Lasker's Nim of 2**63 and 5: 2**63 - 1 xor 5)."""
        code = _play(play)
        arr, n = _u64_array(heaps, "heaps")
        out = c_uint64()
        self._call(_lib.grundy_heap_game_sum_value64(self._handle(), code, arr, n, byref(out)))
        return out.value

    def sum_outcome(self, heaps, play=PLAY_NORMAL):
        """'N' or 'P' for the sum of heaps."""
        code = _play(play)
        arr, n = _u64_array(heaps, "heaps")
        return _outcome(self._call(_lib.grundy_heap_game_sum_outcome(self._handle(), code,
                                                                     arr, n)))

    def sum_winning_move(self, heaps, play=PLAY_NORMAL):
        """A winning move in the sum of heaps, in the first heap where one
        exists: a list with, for each heap, the move index to play there (read
        it with move()) or None; None from a P-position."""
        code = _play(play)
        arr, n = _u64_array(heaps, "heaps")
        out = (c_uint64 * max(n, 1))()
        found = self._call(_lib.grundy_heap_game_sum_winning_move(self._handle(), code, arr, n,
                                                                  out))
        return _move_list(found, out, n)

    def sum_winning_moves(self, heaps, play=PLAY_NORMAL):
        """Every winning move in the sum of heaps, as (heap index, move index)
        pairs, by heap then by move."""
        code = _play(play)
        arr, n = _u64_array(heaps, "heaps")
        h = self._handle()
        return _all_moves(lambda comps, moves, cap, count:
                          _lib.grundy_heap_game_sum_winning_moves(h, code, arr, n, comps, moves,
                                                                  cap, count), self._call)

    # -- misère play -----------------------------------------------------------

    def set_search_limit(self, sums):
        """The most sums of heaps one misère call may examine before it raises
        LimitError (0 restores the default, 2**25)."""
        _lib.grundy_heap_game_set_search_limit(self._handle(), _u64(sums, "sums"))

    def last_method(self):
        """Which method the most recent misère call used: BY_GENUS or
        BY_SEARCH; None if no misère call has succeeded."""
        return _method(_lib.grundy_heap_game_last_method(self._handle()))

    def genus(self, heap):
        """Conway's genus symbol of a heap: (terms, tame), with terms the list
        gamma_0, gamma_1, ... of GENUS_TERMS misère values and tame a bool."""
        gamma = (c_uint32 * GENUS_TERMS)()
        tame = c_int()
        self._call(_lib.grundy_heap_game_genus(self._handle(), _u64(heap, "heap"), gamma,
                                               GENUS_TERMS, byref(tame)))
        return list(gamma), bool(tame.value)

    def tame(self, max):
        """Whether every heap 0 .. max is tame."""
        return bool(self._call(_lib.grundy_heap_game_tame(self._handle(), _u64(max, "max"))))

    # -- moves ----------------------------------------------------------------

    def quotient(self, max_heap=1000, memory_limit=None):
        """The misère quotient of this game over heaps 0 .. max_heap, or
        fewer once solved (see Quotient)."""
        q = Quotient(self, memory_limit)
        try:
            q.compute(max_heap)
        except BaseException:
            q.close()
            raise
        return q

    def degree(self, heap):
        """How many moves a heap of heap tokens has."""
        out = c_uint64()
        self._call(_lib.grundy_heap_game_degree(self._handle(), _u64(heap, "heap"), byref(out)))
        return out.value

    def move(self, heap, k):
        """The heaps move k of a heap of heap tokens leaves, as a tuple (0 to 3
        heap sizes, increasing)."""
        h = self._handle()
        heap, k = _u64(heap, "heap"), _u64(k, "move index")
        parts, nparts = (c_uint64 * 3)(), c_size_t()
        rc = _lib.grundy_heap_game_move(h, heap, k, parts, 3, byref(nparts))
        if rc == ERANGE:
            raise OutOfRangeError(rc, "a heap of %d has no move %d (degree %d)"
                                  % (heap, k, self.degree(heap)))
        self._call(rc)
        return tuple(parts[:nparts.value])


# ---------------------------------------------------------------------------
# Misère quotients of heap games


def _quotient_of(game, max_heap, memory_limit):
    """A Quotient of game computed over heaps 0 .. max_heap (unpickling)."""
    q = Quotient(game, memory_limit)
    q.compute(max_heap)
    return q


class Quotient(_Owner):
    """The misère quotient of a heap game (Plambeck and Siegel): a finite
    commutative monoid Q, its P-portion P and the map phi from heap sizes to
    Q, such that a sum of heaps is a misère P-position exactly when the
    product of phi over its heaps lies in P.  Elements are the integers
    0 .. order - 1, 0 the identity (the empty sum).

    ``Quotient(game)`` copies the rules of a HeapGame (the game may be closed
    after) and covers heap 0; compute() extends it heap by heap and stops
    once the game is solved: phi periodic and proved so by the misère
    periodicity theorem (octal games only), after which every heap size has
    its element.  ``HeapGame.quotient(max_heap)`` does both."""

    _SLOT = '_q'
    _FREE = 'grundy_quotient_free'
    _ERRMSG = 'grundy_quotient_errmsg'
    _SET_PROGRESS = 'grundy_quotient_set_progress'
    _SET_LIMIT = 'grundy_quotient_set_memory_limit'

    def __init__(self, game, memory_limit=None):
        if not isinstance(game, HeapGame):
            raise TypeError("game must be a HeapGame, not %s" % type(game).__name__)
        h = c_void_p()
        with game._lock:
            rc = _lib.grundy_quotient_new(byref(h), game._handle(), None)
            if rc < 0:
                raise _error(rc, "" if rc == ENOMEM else _lib.grundy_heap_game_errmsg(
                    game._handle()).decode("utf-8", "replace"))
        self.name = game.name
        self._game = game
        try:
            self._adopt(h, memory_limit)
        except BaseException:
            self.close()
            raise

    def __reduce__(self):
        """Pickles the quotient as its game and the heaps it covers:
        unpickling computes it again."""
        return _quotient_of, (self._game, self.heaps - 1, self._memory_limit)

    def __repr__(self):
        if not self._q:
            return "<grundy.Quotient %r closed>" % self.name
        return "<grundy.Quotient %r heaps 0..%d order %d>" % (self.name, self.heaps - 1,
                                                            self.order)

    def _element(self, x, what="element"):
        x = _int(x, what, _U32_MAX)
        if x >= self.order:
            raise OutOfRangeError(ERANGE, "%s %d out of range (order %d)" % (what, x, self.order))
        return x

    def compute(self, max_heap):
        """Extend the quotient to heaps 0 .. max_heap, stopping early once
        solved.  After an error the quotient stays that of the last heap
        finished."""
        self._call(_lib.grundy_quotient_compute(self._handle(), _u64(max_heap, "max_heap")))

    @property
    def heaps(self):
        """How many heaps are covered: Q, P and phi are those of heaps
        0 .. heaps - 1."""
        return _lib.grundy_quotient_heaps(self._handle())

    @property
    def solved(self):
        """(period, preperiod) of phi once proved for every heap, else None."""
        p, e = c_uint64(), c_uint64()
        if _lib.grundy_quotient_solved(self._handle(), byref(p), byref(e)):
            return p.value, e.value
        return None

    @property
    def order(self):
        """The number of elements of Q."""
        return _lib.grundy_quotient_order(self._handle())

    @property
    def p_portion(self):
        """The elements of P, increasing."""
        h = self._handle()
        return [x for x in range(_lib.grundy_quotient_order(h))
                if _lib.grundy_quotient_is_p(h, x) == 1]

    def is_p(self, x):
        """Whether element x lies in P."""
        return bool(self._call(_lib.grundy_quotient_is_p(self._handle(), self._element(x))))

    @property
    def tame(self):
        """Whether Q is the quotient of some misère Nim position."""
        return bool(self._call(_lib.grundy_quotient_tame(self._handle())))

    def multiply(self, x, y):
        """The product x * y in Q."""
        out = c_uint32()
        self._call(_lib.grundy_quotient_multiply(self._handle(), self._element(x, "x"),
                                                 self._element(y, "y"), byref(out)))
        return out.value

    def phi(self, heap):
        """The element of a heap of heap tokens (any size once solved)."""
        out = c_uint32()
        self._call(_lib.grundy_quotient_phi(self._handle(), _u64(heap, "heap"), byref(out)))
        return out.value

    @property
    def generators(self):
        """The heap sizes whose elements generate Q, in the order of their
        names a, b, c, ..."""
        h = self._handle()
        out = c_uint64()
        heaps = []
        for i in range(_lib.grundy_quotient_generator_count(h)):
            self._call(_lib.grundy_quotient_generator_heap(h, i, byref(out)))
            heaps.append(out.value)
        return heaps

    def word(self, x):
        """The least word of element x: a tuple of exponents, one per generator."""
        h = self._handle()
        n = _lib.grundy_quotient_generator_count(h)
        out = (c_uint32 * max(n, 1))()
        self._call(_lib.grundy_quotient_word(h, self._element(x), out, n))
        return tuple(out[:n])

    def element_name(self, x):
        """Element x as its least word, e.g. 'a', 'b^2', '1' for the identity."""
        h = self._handle()
        x = self._element(x)
        need = c_size_t()
        _lib.grundy_quotient_element_name(h, x, None, 0, byref(need))
        buf = ctypes.create_string_buffer(need.value + 1)
        self._call(_lib.grundy_quotient_element_name(h, x, buf, need.value + 1, byref(need)))
        return buf.value.decode("ascii")

    @property
    def relations(self):
        """The presentation's relations, as (lhs, rhs) pairs of exponent tuples."""
        h = self._handle()
        n = _lib.grundy_quotient_generator_count(h)
        rels = []
        for i in range(_lib.grundy_quotient_relation_count(h)):
            lhs, rhs = (c_uint32 * max(n, 1))(), (c_uint32 * max(n, 1))()
            self._call(_lib.grundy_quotient_relation(h, i, lhs, rhs, n))
            rels.append((tuple(lhs[:n]), tuple(rhs[:n])))
        return rels

    @property
    def presentation(self):
        """The relations as text, e.g. 'a^2 = 1, b^3 = b' ('' when there are none)."""
        h = self._handle()
        need = c_size_t()
        _lib.grundy_quotient_presentation(h, None, 0, byref(need))
        buf = ctypes.create_string_buffer(need.value + 1)
        self._call(_lib.grundy_quotient_presentation(h, buf, need.value + 1, byref(need)))
        return buf.value.decode("ascii")

    def outcome(self, heaps):
        """'N' or 'P' for the sum of heaps in misère play."""
        arr, n = _u64_array(heaps, "heaps")
        return _outcome(self._call(_lib.grundy_quotient_sum_outcome(self._handle(), arr, n)))

    def winning_move(self, heaps):
        """A winning misère move in the sum of heaps, as
        HeapGame.sum_winning_move() gives it: for each heap the move index
        to play there (HeapGame.move() reads it) or None; None when there is
        none."""
        arr, n = _u64_array(heaps, "heaps")
        out = (c_uint64 * max(n, 1))()
        found = self._call(_lib.grundy_quotient_sum_winning_move(self._handle(), arr, n, out))
        return _move_list(found, out, n)

    def save(self, path):
        """Write the whole state to the file path (atomically), for resume()."""
        self._call(_lib.grundy_quotient_save(self._handle(), os.fsencode(path)))

    def resume(self, path):
        """Continue from a state save() wrote for the same game; a damaged
        file raises ParseError and leaves the quotient as it was."""
        self._call(_lib.grundy_quotient_resume(self._handle(), os.fsencode(path)))


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
        rc = _lib.grundy_options_add_each(out, (c_uint64 * len(run))(*run), len(run))
        del run[:]
        return rc

    def generate(user, pos, out):
        if _noted and _sigint_stops(pending):  # SIGINT's handler raised
            return ECANCELED
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
                    rc = _lib.grundy_options_add(out, arr, len(parts))
                if rc != OK:
                    return rc
            return add_run(out, run)
        except BaseException as exc:  # re-raised when the library returns
            pending.append(exc)
            return ECANCELED
    return generate


class Game(_Owner):
    """A game given by a move generator over non-negative int positions
    (below 2**64), memoized by the library, one memo table per play.

    ``moves(pos)`` returns (or yields) the options of pos: each an int (a
    move to that position), or a tuple/list of ints (a move to the sum of
    those positions; ``()`` is the finished game).  Move k of a position is
    the k-th option listed, so ``moves`` must list a position's options in
    the same order every time.  An exception raised by ``moves`` stops the
    evaluation and propagates.  ``memory_limit`` caps the memo tables in
    bytes (None: the default_memory_limit(), 0: no cap; past it,
    LimitError).  ``moves`` must not use the game itself: it runs inside the
    library's evaluation (a call that evaluates raises StateError, and so
    does close()).  A game pickles as its move generator, if that pickles (a
    function of a module does, a lambda does not).

    Every play works on one game: value(pos, PLAY_MISERE) and the other
    plays of one position evaluate by the rules (misère, WTIA, conjunctive,
    continued and shortened play need options of one part); loopy play and
    sums under plays other than normal build the graph of the positions the
    sum reaches, so they need it finite."""

    _SLOT = '_h'
    _FREE = 'grundy_game_free'
    _ERRMSG = 'grundy_game_errmsg'
    _SET_PROGRESS = 'grundy_game_set_progress'
    _SET_LIMIT = 'grundy_game_set_memory_limit'

    def __init__(self, moves, memory_limit=None):
        if not callable(moves):
            raise TypeError("moves must be callable")
        if memory_limit is not None:
            memory_limit = _size(memory_limit, "memory_limit")
        self._moves = moves
        # Kept on the object: the library calls it as long as the game lives.
        # It refers to moves and _pending (where it keeps an exception of
        # moves, to raise), not to self, so that no reference cycle delays
        # the game's release.
        self._callback = _MOVES_U64_FN(_generator(moves, self._pending))
        h = c_void_p()
        _check(_lib.grundy_game_new_u64(byref(h), self._callback, None, None))
        try:
            self._adopt(h, memory_limit)
        except BaseException:
            self.close()
            raise

    def __reduce__(self):
        """Pickles the game as its move generator (and memory cap)."""
        self._handle()
        return Game, (self._moves, self._memory_limit)

    def value(self, pos, play=PLAY_NORMAL):
        """The number of pos under play (the Sprague-Grundy value for normal
        play): an int, or the constant INF (loopy play), SP or SC (WTIA)."""
        code = _play(play)
        h = self._handle()
        p, out = c_uint64(_u64(pos, "pos")), c_uint32()
        self._call(_lib.grundy_game_value(h, code, byref(p), byref(out)))
        return _number(code, out.value)

    def outcome(self, pos, play=PLAY_NORMAL):
        """'P', 'N' or (loopy play) 'D' for pos under play."""
        code = _play(play)
        h = self._handle()
        p = c_uint64(_u64(pos, "pos"))
        return _outcome(self._call(_lib.grundy_game_outcome(h, code, byref(p))))

    # -- sums -----------------------------------------------------------------

    def sum_value(self, positions, play=PLAY_NORMAL):
        """The value of the sum of positions: the xor of their values
        (PLAY_NORMAL; NotSupportedError for another)."""
        code = _play(play)
        arr, n = _u64_array(positions, "positions")
        out = c_uint32()
        self._call(_lib.grundy_game_sum_value(self._handle(), code, arr, n, byref(out)))
        return out.value

    def sum_outcome(self, positions, play=PLAY_NORMAL):
        """'P', 'N' or 'D' for the sum of positions under play (misère play
        with a BY_* flag or not; last_method() says which method was used)."""
        code = _play(play)
        arr, n = _u64_array(positions, "positions")
        return _outcome(self._call(_lib.grundy_game_sum_outcome(self._handle(), code, arr, n)))

    def sum_winning_move(self, positions, play=PLAY_NORMAL):
        """A winning move in the sum of positions: a list with, for each
        component, the move index to play there (read it with move()) or
        None; None from a P-position."""
        code = _play(play)
        arr, n = _u64_array(positions, "positions")
        out = (c_uint64 * max(n, 1))()
        found = self._call(_lib.grundy_game_sum_winning_move(self._handle(), code, arr, n, out))
        return _move_list(found, out, n)

    def sum_winning_moves(self, positions, play=PLAY_NORMAL):
        """Every winning move in the sum of positions, as (component, move
        index) pairs, by component then by move, for the plays that move in
        one component (normal, misère, WTIA, loopy)."""
        code = _play(play)
        arr, n = _u64_array(positions, "positions")
        h = self._handle()
        return _all_moves(lambda comps, moves, cap, count: _lib.grundy_game_sum_winning_moves(
            h, code, arr, n, comps, moves, cap, count), self._call)

    def set_search_limit(self, sums):
        """The most sums of positions one misère sum call's search may
        examine before it raises LimitError (0 restores the default, 2**25)."""
        _lib.grundy_game_set_search_limit(self._handle(), _u64(sums, "sums"))

    def last_method(self):
        """Which method the most recent misère sum call used: BY_SJ,
        BY_GENUS or BY_SEARCH; None if no misère sum call has succeeded."""
        return _method(_lib.grundy_game_last_method(self._handle()))

    # -- moves ----------------------------------------------------------------

    def degree(self, pos):
        """How many moves pos has (calls the generator once)."""
        h = self._handle()
        p, out = c_uint64(_u64(pos, "pos")), c_uint64()
        self._call(_lib.grundy_game_degree(h, byref(p), byref(out)))
        return out.value

    def move(self, pos, k):
        """The parts of move k of pos (the k-th option the generator lists),
        as a tuple of positions: one for an ordinary move, none for the
        finished game."""
        h = self._handle()
        p, k = c_uint64(_u64(pos, "pos")), _u64(k, "move index")
        nparts = c_size_t()
        cap = 4
        while True:
            parts = (c_uint64 * cap)()
            rc = _lib.grundy_game_move(h, byref(p), k, parts, cap, byref(nparts))
            if rc == ERANGE and not self._pending:
                raise OutOfRangeError(rc, "position %d has no move %d (degree %d)"
                                      % (p.value, k, self.degree(p.value)))
            self._call(rc)
            if nparts.value <= cap:
                return tuple(parts[:nparts.value])
            cap = nparts.value

    def stats(self):
        """(positions stored over every play, bytes held by the memo tables)."""
        positions, nbytes = c_uint64(), c_uint64()
        _lib.grundy_game_stats(self._handle(), byref(positions), byref(nbytes))
        return positions.value, nbytes.value


# ---------------------------------------------------------------------------
# Unpickling


def _graph_from_moves(n, moves, memory_limit):
    """A graph of n nodes with moves, (node, parts) in order: a pickled Graph."""
    g = Graph(memory_limit)
    try:
        g.add_nodes(n)
        for u, parts in moves:
            g.add_split(u, parts)
    except BaseException:
        g.close()
        raise
    return g


def _heap_game_from_name(name, period_detection, sparse, threads, memory_limit):
    """A pickled HeapGame."""
    return HeapGame(name, period_detection, sparse, threads, memory_limit)
