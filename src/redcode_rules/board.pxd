# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. The path walker's step is called directly from compiled code,
# with C-typed box indexes and flags, as is the search for the boxes in reach.

cimport cython

@cython.locals(n=Py_ssize_t, name=str, cur=bint, forced=bint)
cpdef _enter(tuple exits, list out, Py_ssize_t box, str text, list seen, Py_ssize_t left,
             bint current)

@cython.locals(cost=list, box=Py_ssize_t, n=Py_ssize_t, here=Py_ssize_t, free=bint, at=object)
cpdef _reachable(str cells, tuple neighbours, Py_ssize_t start, Py_ssize_t steps)
