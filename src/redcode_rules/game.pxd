# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. Game becomes an extension type: its attributes (the class's
# __slots__, kept equal by tests/test_smoke.py) are struct fields, typed
# where the hot path reads through them, and the methods below are called
# directly from compiled code.

from redcode_rules.engine cimport Engine
from redcode_rules.moves cimport Listing, MoveCache, MoveGen

cdef class Game:
    cdef public object rules, state, log, board, setup, moves, _lang
    cdef public Engine _eng
    cdef public MoveGen _movegen
    cdef public MoveCache _moves_cache
    cdef public Listing _legal
    cdef public list _history, _history_at, _log_lengths
    cdef public bint _dense
    cpdef Engine _engine(self)
    cpdef MoveGen _gen(self)
    cpdef _advance(self)
    cpdef Listing _listing(self)
    cpdef legal_moves(self)
    cpdef play(self, move)
    cpdef undo(self)
    cpdef _rewind(self, n)
