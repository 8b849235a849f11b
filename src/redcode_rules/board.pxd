# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. The walk over a move's paths (board.py, ``_by_path``) is called
# directly from compiled code, with C-typed box indexes and counts (masks stay
# Python ints: boards exceed 64 boxes, so a box shifted into a mask, ``1 << n``,
# stays a Python object), as is the search for the boxes in reach. Every loop
# is bounded (the move's steps, at most board.MAX_MOVE, and the board), so
# none needs to check for signals.

cimport cython

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
