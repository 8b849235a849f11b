# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. The listing classes and the generator become extension types:
# attributes (the classes' __slots__, kept equal by tests/test_smoke.py) are
# struct fields, and the methods below are called directly from compiled
# code. No closure or generator expression may go into a cpdef method.

from redcode_rules.engine cimport Engine

cdef class Listing:
    cdef public object kind, seat, singles, groups, _sorted
    cpdef find(self, text)
    cpdef canonical(self, text)
    cpdef sorted(self)

cdef class MoveCache:
    cdef public object moves, maneuvers, areas, listings

cdef class MoveGen:
    cdef public Engine eng
    cdef public object rules, board, state
    cdef public MoveCache cache
    cpdef legal(self)
    cpdef _choice(self, kind, seat)
    cpdef complete(self, text, move)
    cpdef can_respond(self, seat)
    cpdef sight(self, seat)
    cpdef visible_targets(self, seat, reach, sight=*)
    cpdef maneuver_moves(self, seat, responding, out, groups, first=*)
    cpdef order_moves(self, seat, out, groups)
    cpdef _area_moves(self, card)
    cpdef _with_path(self, kind, card, seat, target, out, groups, positions)
    cpdef apply(self, move, seat)
