# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. The outcome search of a move (board.py, ``_outcomes``) and its
# exact path search are called directly from compiled code, with C-typed box
# indexes and counts (masks stay Python ints: boards exceed 64 boxes, so a
# box shifted into a mask, ``1 << n``, stays a Python object), as is the
# search for the boxes in reach. Every loop is bounded (states × exits,
# or the move's steps), so none needs to check for signals.

cimport cython

@cython.locals(box=object, n=object, voluntary=Py_ssize_t, spent=Py_ssize_t,
               found=dict, layer=list, following=list, out=dict)
cpdef _outcomes(tuple exits, object effects, object current, Py_ssize_t start,
                Py_ssize_t steps, object blocked, Py_ssize_t width, bint kings)

@cython.locals(box=object, n=object, end=object)
cpdef bint _is_path(tuple exits, object current, object blocked, tuple walk)

@cython.locals(n=object, longest=Py_ssize_t, length=Py_ssize_t, b=Py_ssize_t,
               last_forced=Py_ssize_t, dead=dict, targets=list, path=list, shorter=list)
cpdef _simple_path(tuple exits, object effects, object current, Py_ssize_t start,
                   Py_ssize_t steps, object blocked, object end, object entered,
                   Py_ssize_t shortest, Py_ssize_t width, bint kings, list budget)

@cython.locals(box=object, n=object, d=Py_ssize_t, depth=Py_ssize_t, togo=dict,
               layer=list, following=list)
cpdef dict _distances_to(tuple exits, object effects, object blocked, Py_ssize_t end,
                         object entered, Py_ssize_t longest)

@cython.locals(dx=Py_ssize_t, dy=Py_ssize_t)
cpdef Py_ssize_t _distance(Py_ssize_t a, Py_ssize_t b, Py_ssize_t width, bint kings)

@cython.locals(n=object, box=Py_ssize_t, spent=Py_ssize_t)
cpdef bint _extend(tuple exits, object effects, object current, Py_ssize_t start,
                   Py_ssize_t steps, Py_ssize_t end, object entered, object required,
                   list targets, object togo, Py_ssize_t at, object seen, Py_ssize_t voluntary,
                   Py_ssize_t left, list path, dict dead, Py_ssize_t width, bint kings,
                   list budget)

@cython.locals(n=Py_ssize_t, name=str, cur=bint, bit=object, tables=dict, found=dict,
               seen=list, low=object, size=Py_ssize_t, plain=list, table=list,
               box=Py_ssize_t)
cpdef dict _by_path(tuple exits, Py_ssize_t start, Py_ssize_t steps, object blocked)

@cython.locals(n=Py_ssize_t, name=str, cur=bint, bit=object, seen=list, low=object,
               found=dict)
cpdef dict _one_step(tuple exits, Py_ssize_t start, object blocked)

@cython.locals(n=Py_ssize_t, name=str, cur=bint, bit=object, forced=bint, key=object)
cpdef _forced(tuple exits, dict found, Py_ssize_t box, str text, list seen, object entered)

@cython.locals(table=list)
cpdef list _table(dict tables, object entered, Py_ssize_t size)

@cython.locals(n=Py_ssize_t, name=str, cur=bint, bit=object, forced=bint, moves=tuple)
cpdef _walk(tuple exits, dict tables, list table, Py_ssize_t box, bint current, str text,
            Py_ssize_t length, list seen, Py_ssize_t left, object entered)

@cython.locals(cost=list, box=Py_ssize_t, n=Py_ssize_t, here=Py_ssize_t, free=bint, at=object)
cpdef _reachable(str cells, tuple neighbours, Py_ssize_t start, Py_ssize_t steps)
