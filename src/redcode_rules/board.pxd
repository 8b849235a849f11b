# Declarations for the compiled core only (setup.py); pure Python ignores
# this file. The path walker's step is called directly from compiled code.

cpdef _enter(tuple exits, list out, box, str text, seen, left, current)
