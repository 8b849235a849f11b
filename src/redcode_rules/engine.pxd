# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. Engine becomes an extension type: its attributes (the class's
# __slots__, kept equal by tests/test_smoke.py) are struct fields, and the
# methods below are called directly from compiled code. Its methods cannot
# be replaced on the class at run time: subclass it instead.

cdef class Engine:
    cdef public object rules, board, state, log, _types, sides, _after, _limit, _owed
    cpdef occupant(self)
    cpdef crew_out(self, seat)
    cpdef recover_options(self, seat)
    cpdef seats_after(self, seat)
    cpdef hand_over_limit(self)
    cpdef pending(self)
    cpdef card_of(self, item)
    cpdef subject(self, item)
    cpdef recover_one(self, seat, source)
    cpdef push(self, item, card)
    cpdef open_window(self, item)
    cpdef resolve_item(self, item)
    cpdef wasted(self, item)
    cpdef advance(self, can_respond)
    cpdef finish_turn(self)
    cpdef start_turn(self, seat)
    cpdef free_start_boxes(self, seat)
