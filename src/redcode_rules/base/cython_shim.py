"""What the core's modules read of ``cython`` when Cython is not installed.

The compiled core (setup.py) is typed in Cython's pure-Python mode: the
``.py`` files carry decorators and types from the ``cython`` module
(``@cython.ccall``, ``@cython.locals(n=cython.Py_ssize_t)``), which the
compiler reads and the interpreter ignores. A module imports it as Cython
asks (the compiler looks for the import itself) and falls back to this one
when Cython is absent, a build requirement and never a run-time one::

    try:
        import cython
    except ModuleNotFoundError:
        from . import cython_shim as cython

With Cython installed but the module not compiled, ``cython`` is Cython's
own ``Shadow`` module, which does the same: every decorator returns what it
decorates, every type is only a name, and ``compiled`` is False. Only what
the core uses is here (tests/test_package_cython_shim.py checks that).
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

F = TypeVar("F")

#: Whether the module reading it was compiled: never, here.
compiled = False

# the C types the core declares: names only (annotations and ``locals``)
bint = bool
Py_ssize_t = int


def _unchanged(thing: F) -> F:
    return thing


#: a function compiled as a C function callable from Python too (``cpdef``)
ccall = _unchanged
#: a function compiled as a C function only (``cdef``)
cfunc = _unchanged


def locals(**types: Any) -> Callable[[F], F]:  # noqa: A001 (Cython's name)
    """The C types of a function's arguments and locals: nothing to Python."""
    return _unchanged


def returns(type_: Any) -> Callable[[F], F]:
    """The C type a function returns: nothing to Python."""
    return _unchanged
